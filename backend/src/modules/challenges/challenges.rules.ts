import { DomainError } from '../../shared/domain-error';
import { daysBetween, isLocalDate, localDateOf, monthOf, type LocalDate } from '../../shared/studio-day';

/**
 * Monthly challenges (ADR 0170): what a challenge may be, what counts toward it, when a member
 * finishes it, and how the leaderboard ranks and names people. Pure: the projection folds these
 * rules live and on a replay alike, so a rebuild gives the same standings.
 */

export const CHALLENGE_GOAL_TYPES = ['workouts', 'minutes', 'points'] as const;
export type ChallengeGoalType = (typeof CHALLENGE_GOAL_TYPES)[number];

/** A calendar month in the studio's time zone, written `YYYY-MM`. */
export type MonthKey = string;

export const CHALLENGE_NAME_LENGTH = { min: 3, max: 80 } as const;
/** Largest target per goal type: far above what a month allows, low enough to catch a typo of zeros. */
export const CHALLENGE_TARGET_MAX: Record<ChallengeGoalType, number> = { workouts: 100, minutes: 6000, points: 20000 };

/** As a member reads the goal after its number: "12 entrenamientos". */
export const CHALLENGE_GOAL_UNITS: Record<ChallengeGoalType, string> = { workouts: 'entrenamientos', minutes: 'minutos', points: 'Puntos Pulso' };

export const CHALLENGE_MESSAGES = {
  nameLength: `El nombre del reto debe tener entre ${CHALLENGE_NAME_LENGTH.min} y ${CHALLENGE_NAME_LENGTH.max} caracteres.`,
  monthFormat: 'El mes debe tener el formato AAAA-MM (por ejemplo, 2026-12).',
  monthPast: 'El mes del reto ya pasó. Elige el mes en curso o uno próximo.',
  goalType: 'El tipo de meta debe ser entrenamientos, minutos o Puntos Pulso.',
  target: 'La meta debe ser un número entero mayor que cero.',
  targetTooHigh: (goalType: ChallengeGoalType) => `La meta no puede pasar de ${CHALLENGE_TARGET_MAX[goalType]} ${CHALLENGE_GOAL_UNITS[goalType]} en un mes.`,
  monthTaken: 'Ya hay un reto para ese mes. Archívalo antes de crear otro.',
  challengeNotFound: 'No encontramos ese reto.',
  challengeArchived: 'Este reto ya no está disponible.',
  challengeOver: 'Este reto ya terminó. Espera el reto del próximo mes.',
  alreadyArchived: 'Este reto ya estaba archivado.',
} as const;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonthKey(value: string): boolean {
  return MONTH_PATTERN.test(value);
}

/** The challenge month a studio day belongs to. */
export function monthKeyOf(date: LocalDate): MonthKey {
  if (!isLocalDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return date.slice(0, 7);
}

export interface ChallengeDefinitionInput {
  name: string;
  month: string;
  goalType: string;
  target: number;
}

export interface ChallengeDefinition {
  name: string;
  month: MonthKey;
  goalType: ChallengeGoalType;
  target: number;
}

/** Staff's form, checked field by field with the message shown beside it; `today` is the studio's day. */
export function checkChallengeDefinition(input: ChallengeDefinitionInput, today: LocalDate): ChallengeDefinition {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < CHALLENGE_NAME_LENGTH.min || name.length > CHALLENGE_NAME_LENGTH.max) throw invalid(CHALLENGE_MESSAGES.nameLength, 'name');
  if (!isMonthKey(input.month)) throw invalid(CHALLENGE_MESSAGES.monthFormat, 'month');
  if (input.month < monthKeyOf(today)) throw invalid(CHALLENGE_MESSAGES.monthPast, 'month');
  if (!(CHALLENGE_GOAL_TYPES as readonly string[]).includes(input.goalType)) throw invalid(CHALLENGE_MESSAGES.goalType, 'goalType');
  const goalType = input.goalType as ChallengeGoalType;
  if (!Number.isInteger(input.target) || input.target <= 0) throw invalid(CHALLENGE_MESSAGES.target, 'target');
  if (input.target > CHALLENGE_TARGET_MAX[goalType]) throw invalid(CHALLENGE_MESSAGES.targetTooHigh(goalType), 'target');
  return { name, month: input.month, goalType, target: input.target };
}

/** First and last studio day of a challenge month. */
export function monthRange(month: MonthKey): { start: LocalDate; end: LocalDate } {
  return monthOf(`${month}-01`);
}

/**
 * Days the member still has, today included: the whole month before it starts, 1 on its last
 * day, 0 once it is over.
 */
export function daysLeft(month: MonthKey, today: LocalDate): number {
  const { start, end } = monthRange(month);
  if (today > end) return 0;
  return daysBetween(today < start ? start : today, end) + 1;
}

// --- Progress: a fold over one member's events, in their stream's order. ---

/** What a member did in one studio month, whatever challenge they joined. */
export interface MonthTotals {
  workouts: number;
  seconds: number;
  points: number;
}

export interface ChallengeEntry {
  challengeId: string;
  month: MonthKey;
  goalType: ChallengeGoalType;
  target: number;
  joinedAt: string;
  /** The first event that took the progress to the target: its studio day and instant, never moved by later events. */
  finishedOn: LocalDate | null;
  finishedAt: string | null;
}

export interface LeaderboardPreference {
  visible: boolean;
  showName: boolean;
  label: string;
}

export interface ChallengeLedger {
  months: ReadonlyMap<MonthKey, MonthTotals>;
  entries: ReadonlyMap<string, ChallengeEntry>;
  leaderboard: LeaderboardPreference | null;
}

/** The member events the fold reads (the stream's own shapes, only the fields used). */
export type ChallengeFoldEvent =
  | { type: 'WorkoutCompleted'; data: { durationSec: number; localDate: LocalDate; occurredAt: string; heartRate?: { points: number } } }
  | { type: 'ChallengeJoined'; data: { challengeId: string; month: MonthKey; goalType: ChallengeGoalType; target: number; occurredAt: string } }
  | { type: 'ChallengeLeaderboardPreferenceUpdated'; data: { visible: boolean; showName: boolean; label: string; occurredAt: string } }
  | { type: 'MemberDataErased'; data: { occurredAt: string } };

export const CHALLENGE_FOLD_EVENT_TYPES: ReadonlyArray<ChallengeFoldEvent['type']> = [
  'WorkoutCompleted',
  'ChallengeJoined',
  'ChallengeLeaderboardPreferenceUpdated',
  'MemberDataErased',
];

export function emptyLedger(): ChallengeLedger {
  return { months: new Map(), entries: new Map(), leaderboard: null };
}

export const EMPTY_TOTALS: MonthTotals = { workouts: 0, seconds: 0, points: 0 };

/**
 * A challenge's progress from the month's totals: workouts done, whole minutes trained, Puntos
 * Pulso earned (a completion without a heart-rate summary adds none).
 */
export function progressOf(totals: MonthTotals, goalType: ChallengeGoalType): number {
  switch (goalType) {
    case 'workouts':
      return totals.workouts;
    case 'minutes':
      return Math.floor(totals.seconds / 60);
    case 'points':
      return totals.points;
    default:
      throw new Error(`Unknown goal type: ${String(goalType)}`);
  }
}

/**
 * One event applied to a member's ledger. A completion counts toward the month of its own studio
 * day (`localDate`), however late it is processed; the whole month counts, completions before
 * joining included. An entry finishes on the first event that takes it to the target: the
 * completion that crosses it, or the join itself when the month had already reached it.
 */
export function applyChallengeEvent(ledger: ChallengeLedger, event: ChallengeFoldEvent): ChallengeLedger {
  switch (event.type) {
    case 'WorkoutCompleted': {
      const { durationSec, localDate, occurredAt, heartRate } = event.data;
      const month = monthKeyOf(localDate);
      const before = ledger.months.get(month) ?? EMPTY_TOTALS;
      const totals: MonthTotals = {
        workouts: before.workouts + 1,
        seconds: before.seconds + Math.max(0, Math.round(durationSec)),
        points: before.points + Math.max(0, Math.floor(heartRate?.points ?? 0)),
      };
      const months = new Map(ledger.months).set(month, totals);
      let entries = ledger.entries;
      for (const entry of ledger.entries.values()) {
        if (entry.month !== month || entry.finishedOn !== null || progressOf(totals, entry.goalType) < entry.target) continue;
        if (entries === ledger.entries) entries = new Map(entries);
        const joinedOn = localDateOf(entry.joinedAt);
        (entries as Map<string, ChallengeEntry>).set(entry.challengeId, {
          ...entry,
          finishedOn: localDate > joinedOn ? localDate : joinedOn,
          finishedAt: occurredAt > entry.joinedAt ? occurredAt : entry.joinedAt,
        });
      }
      return { ...ledger, months, entries };
    }
    case 'ChallengeJoined': {
      const { challengeId, month, goalType, target, occurredAt } = event.data;
      if (ledger.entries.has(challengeId)) return ledger;
      const reached = progressOf(ledger.months.get(month) ?? EMPTY_TOTALS, goalType) >= target;
      const entry: ChallengeEntry = {
        challengeId,
        month,
        goalType,
        target,
        joinedAt: occurredAt,
        finishedOn: reached ? localDateOf(occurredAt) : null,
        finishedAt: reached ? occurredAt : null,
      };
      return { ...ledger, entries: new Map(ledger.entries).set(challengeId, entry) };
    }
    case 'ChallengeLeaderboardPreferenceUpdated': {
      const { visible, showName, label } = event.data;
      return { ...ledger, leaderboard: { visible, showName, label } };
    }
    case 'MemberDataErased':
      // The label is the member's name (ADR 0202): they leave the leaderboards; their totals stay, anonymous.
      return { ...ledger, leaderboard: null };
    default:
      return ledger;
  }
}

export function foldChallengeEvents(events: readonly ChallengeFoldEvent[], from: ChallengeLedger = emptyLedger()): ChallengeLedger {
  return events.reduce(applyChallengeEvent, from);
}

// --- Leaderboard ---

/**
 * What others read of a member: "Carla M." when they chose to show their name, the initials
 * "C. M." by default. Nothing else about them (no email, no id) reaches the leaderboard.
 */
export function leaderboardLabel(firstName: string, lastName: string, showName: boolean): string {
  const first = firstName.trim().split(/\s+/)[0] ?? '';
  const last = lastName.trim().split(/\s+/)[0] ?? '';
  const initial = (word: string) => (word ? `${word.charAt(0).toLocaleUpperCase('es')}.` : '');
  if (!first && !last) return 'Miembro de Pulso';
  if (showName && first) return [first.charAt(0).toLocaleUpperCase('es') + first.slice(1), initial(last)].filter(Boolean).join(' ');
  return [initial(first), initial(last)].filter(Boolean).join(' ');
}

export interface Standing {
  /** Anything stable and unique per participant (never shown). */
  key: string;
  progress: number;
  finishedAt: string | null;
  joinedAt: string;
}

/**
 * Highest progress first; among equal progress, who finished first, then who joined first, then
 * the key: the same order on every read and after every rebuild. Equal progress shares a rank.
 */
export function rankStandings<S extends Standing>(standings: readonly S[]): Array<S & { rank: number }> {
  const sorted = [...standings].sort(
    (a, b) =>
      b.progress - a.progress ||
      compareNullable(a.finishedAt, b.finishedAt) ||
      (a.joinedAt < b.joinedAt ? -1 : a.joinedAt > b.joinedAt ? 1 : 0) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  let rank = 0;
  return sorted.map((standing, index) => {
    if (index === 0 || standing.progress !== sorted[index - 1]!.progress) rank = index + 1;
    return { ...standing, rank };
  });
}

function compareNullable(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function invalid(message: string, field: string): DomainError {
  return new DomainError('invalid', message, { field });
}
