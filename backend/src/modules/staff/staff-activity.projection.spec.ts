import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { staffActivityProjection } from './staff-activity.projection';

const SRC = path.join(__dirname, '..', '..');
const STAFF = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('staff_activity projection', () => {
  it('handles every event type the application declares (DomainEvent<…>), so the log misses nothing', () => {
    const declared = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/DomainEvent<\s*'([A-Za-z]+)'/g)) declared.add(match[1]!);
    }
    // The member and staff streams at least: a scan that finds nothing would prove nothing.
    expect([...declared]).toEqual(
      expect.arrayContaining(['ProfileUpdated', 'EnrolledInPlan', 'WorkoutCompleted', 'FreeClassOutcomeRecorded', 'ProjectionRebuildRequested']),
    );
    const missing = [...declared].filter((type) => !staffActivityProjection.eventTypes.includes(type));
    expect(missing).toEqual([]);
  });

  it('lists each type once', () => {
    expect(new Set(staffActivityProjection.eventTypes).size).toBe(staffActivityProjection.eventTypes.length);
  });

  it('no staff query reads the PostgreSQL store’s own tables: the console works with any store', () => {
    const offenders = sourceFiles(STAFF)
      .filter((file) => !file.endsWith('.migration.ts'))
      .filter((file) => /event_store_(events|streams)/.test(readFileSync(file, 'utf8')))
      .map((file) => path.basename(file));
    expect(offenders).toEqual([]);
    expect(sourceFiles(STAFF).map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['activity-log.ts', 'members-overview.ts', 'free-class-follow-up.ts']),
    );
  });

  it('consumes only the event-store port, never an adapter', () => {
    const source = readFileSync(path.join(STAFF, 'staff-activity.projection.ts'), 'utf8');
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]!);
    expect(imports.filter((module) => module.includes('event-store'))).toEqual(['../../infrastructure/event-store/event-store.port']);
    expect(imports.filter((module) => /postgres|esdb|eventstoredb|^pg$/i.test(module))).toEqual([]);
  });
});
