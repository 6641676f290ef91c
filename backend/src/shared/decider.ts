/**
 * The shape of the domain's write-side logic: pure functions of (command, state).
 * Deciders live in the feature modules and must not import infrastructure, so the
 * type sits here; infrastructure/event-store/command-handler.ts runs them.
 */
export interface Decider<Command, Event, State> {
  /** The events a command produces given the current state; throw a DomainError to refuse it. */
  decide(command: Command, state: State): Event[];
  /** The state after one more event. Must accept every event the stream can hold, including old versions. */
  evolve(state: State, event: Event): State;
  /**
   * Optional: the state after several events, the same as folding them one by one with `evolve`.
   * For deciders whose `evolve` copies a collection that grows with the stream (ADR 0263): a fold
   * then makes one private copy instead of one per event.
   */
  evolveAll?(state: State, events: readonly Event[]): State;
  initialState(): State;
}

/** What a decider emits and folds: the event type and its payload, without storage metadata. */
export interface DomainEvent<Type extends string = string, Data = Record<string, unknown>> {
  type: Type;
  data: Data;
}

/**
 * What a decider decides on: a named intent and its data. Time (`now`), ids and the facts a rule
 * needs from elsewhere (the catalogue's) arrive in `data`, so the decider stays a pure function.
 */
export interface DomainCommand<Type extends string = string, Data = Record<string, unknown>> {
  type: Type;
  data: Data;
}
