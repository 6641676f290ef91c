import { Injectable } from '@nestjs/common';
import { EventBus, type IEvent } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { handleCommand, StreamStateCache } from '../../infrastructure/event-store/command-handler';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../../infrastructure/http/idempotency-key';
import { ReadYourWrites } from '../../infrastructure/projections/read-your-writes';
import { DomainError } from '../../shared/domain-error';
import type { EventActor } from '../../infrastructure/event-store/event-store.port';
import { classStreamName, type ClassEvent } from './class-booking.events';
import { classDecider, type ClassCommand, type ClassState } from './class.decider';

/** Classes whose folded stream stays in memory between commands: a week of the timetable and more. */
const CLASS_STATES_CACHED = 500;

/** Published once per event actually appended to a class stream, for side effects only (the promotion email). */
export class ClassEventRecorded implements IEvent {
  constructor(
    readonly slotId: string,
    readonly date: string,
    readonly event: ClassEvent,
  ) {}
}

export interface ClassWrite {
  slotId: string;
  date: string;
  /** The command's id: a retry with the same id answers with what the first one stored. */
  commandId: string;
  actor: EventActor;
  /** What was asked, hashed: the same id with another request is a 422. */
  input?: unknown;
  command: ClassCommand;
}

export interface ClassWritten {
  state: ClassState;
  events: ClassEvent[];
  replayed: boolean;
}

/**
 * The only code that appends to `class-*` streams (ADR 0360): one class occurrence per stream, its
 * commands decided by `class.decider.ts`, serialised per stream in this process and retried on an
 * optimistic conflict by `handleCommand`. It waits for the inline read model and publishes what it appended.
 */
@Injectable()
export class ClassStreams {
  private readonly cache = new StreamStateCache<ClassState>(CLASS_STATES_CACHED);

  constructor(
    private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
    private readonly eventBus: EventBus,
  ) {}

  async write({ slotId, date, commandId, actor, input, command }: ClassWrite): Promise<ClassWritten> {
    const fingerprint = input === undefined ? undefined : createHash('sha256').update(JSON.stringify(input)).digest('base64url');
    const result = await handleCommand(
      this.store,
      classDecider,
      classStreamName(slotId, date),
      command,
      { commandId, actor, occurredAt: command.data.now, fingerprint },
      { cache: this.cache, maxAttempts: 8 },
    );
    if (result.replayed && fingerprint !== undefined && result.fingerprint !== undefined && result.fingerprint !== fingerprint)
      throw new DomainError('unprocessable', IDEMPOTENCY_KEY_REUSED_MESSAGE, { field: 'Idempotency-Key' });
    const events = result.events as ClassEvent[];
    if (result.position)
      await this.readYourWrites.waitFor(result.position, { eventTypes: events.map((event) => event.type), lifecycle: 'inline', written: result.inline });
    if (!result.replayed && events.length > 0) this.eventBus.publishAll(events.map((event) => new ClassEventRecorded(slotId, date, event)));
    return { state: result.state, events, replayed: result.replayed };
  }

  /** The class as its stream holds it now. */
  async read(slotId: string, date: string): Promise<ClassState> {
    let state = classDecider.initialState();
    for (const event of await this.store.readStream(classStreamName(slotId, date)))
      state = classDecider.evolve(state, { type: event.type, data: event.data } as ClassEvent);
    return state;
  }
}
