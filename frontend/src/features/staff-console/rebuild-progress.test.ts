import { describe, expect, it } from 'vitest';
import { trackRebuilds } from './rebuild-progress';
import type { ProjectionOverviewDto } from '../../shared/api/generated-api';

const projection = (overrides: Partial<ProjectionOverviewDto>): ProjectionOverviewDto => ({
  name: 'member_profiles',
  version: 1,
  generation: 1,
  state: 'running',
  phase: 'running',
  eventTypes: [],
  lagEvents: 0,
  lagAtLeast: false,
  lagSeconds: 0,
  ...overrides,
});

describe('trackRebuilds', () => {
  it('reports a building generation by its processed share, never 100 % before the swap', () => {
    const result = trackRebuilds(
      [{ name: 'member_profiles', generation: 2 }],
      [projection({ phase: 'rebuilding', rebuild: { generation: 2, processed: 999, total: 1000, eventsPerSecond: 500, etaSeconds: 1, startedAt: '' } })],
    );
    expect(result).toMatchObject({ percent: 99, done: false });
  });

  it('is done at 100 % once every requested generation is the active one', () => {
    const result = trackRebuilds(
      [
        { name: 'member_profiles', generation: 2 },
        { name: 'member_progress', generation: 5 },
      ],
      [
        projection({ generation: 2 }),
        projection({
          name: 'member_progress',
          generation: 4,
          rebuild: { generation: 5, processed: 50, total: 100, eventsPerSecond: 1, etaSeconds: 50, startedAt: '' },
        }),
      ],
    );
    expect(result).toMatchObject({ percent: 75, done: false });
    expect(trackRebuilds([{ name: 'member_profiles', generation: 2 }], [projection({ generation: 2 })])).toMatchObject({ percent: 100, done: true });
  });
});
