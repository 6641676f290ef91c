import { memberScopedId } from '../../src/modules/members/member-streams';

export { seededRandom } from '../../src/modules/progress/testing/member-history';

/** A v4-shaped UUID drawn from the seeded generator (Idempotency-Keys must be UUIDs). */
export function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export interface Member {
  auth: string;
  userId: string;
  enrollmentId?: string;
  planId?: string;
}

export interface CompletionAttempt {
  member: Member;
  key: string;
  /** The completion id the server derives from the key (member-scoped, ADR 0065). */
  completionId: string;
  body: Record<string, unknown>;
  /** accepted: a 200 came back; refused: a 4xx; unknown: the connection died (the backend was killed). */
  outcome: 'accepted' | 'refused' | 'unknown';
}

/** Every completion sent, by key: the member's side of the "nothing lost, nothing twice" promise. */
export class CompletionLedger {
  readonly attempts = new Map<string, CompletionAttempt>();

  record(member: Member, key: string, body: Record<string, unknown>): CompletionAttempt {
    const attempt: CompletionAttempt = { member, key, completionId: memberScopedId(member.userId, 'complete-workout', key), body, outcome: 'unknown' };
    this.attempts.set(key, attempt);
    return attempt;
  }

  byOutcome(outcome: CompletionAttempt['outcome']): CompletionAttempt[] {
    return [...this.attempts.values()].filter((attempt) => attempt.outcome === outcome);
  }
}

export interface Catalog {
  workoutIds: string[];
  plans: { _id: string; workouts: { _id: string }[] }[];
}

/** An HTTP answer with its parsed JSON body ({} when there is none). */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** fetch that answers `undefined` instead of throwing when the backend dies mid-request. */
export async function call(
  baseUrl: string,
  method: string,
  route: string,
  auth: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer | undefined> {
  try {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed };
  } catch {
    return undefined;
  }
}

const GOALS = ['Bajar de peso', 'Ganar fuerza', 'Correr 10K', 'Más energía', 'Constancia'];
const LOST_RACE = 409;

/**
 * One member's writes until `stop()` is true: profile updates, enrolments and completions
 * (standalone and of the plan's current workout), each completion with its own key.
 */
export async function driveMember(
  baseUrl: string,
  member: Member,
  catalog: Catalog,
  ledger: CompletionLedger,
  random: () => number,
  stop: () => boolean,
  counters: { requests: number; failures: number; serverErrors: string[] },
): Promise<void> {
  while (!stop()) {
    const roll = random();
    let answer: Answer | undefined;
    if (roll < 0.15) {
      const profile =
        random() < 0.5
          ? { height: 150 + Math.floor(random() * 50) }
          : { weight: 50 + Math.floor(random() * 50), goals: [GOALS[Math.floor(random() * GOALS.length)]] };
      answer = await call(
        baseUrl,
        'PUT',
        '/api/platform-users/profile',
        member.auth,
        { profile, completeOnboarding: false },
        { 'idempotency-key': seededUuid(random) },
      );
    } else if (roll < 0.25 || (roll < 0.5 && !member.enrollmentId)) {
      const plan = catalog.plans[Math.floor(random() * catalog.plans.length)];
      answer = await call(baseUrl, 'POST', '/api/enrollments', member.auth, { planId: plan._id });
      if (answer?.status === 201) {
        member.enrollmentId = (answer.body.enrollment as { _id: string })._id;
        member.planId = plan._id;
      }
    } else if (roll < 0.5 && member.enrollmentId) {
      const current = await call(baseUrl, 'GET', `/api/enrollments/${member.enrollmentId}/current`, member.auth);
      const workoutId = current?.status === 200 ? (current.body.currentWorkout as { _id?: string } | null)?._id : undefined;
      if (!workoutId) {
        member.enrollmentId = undefined;
        continue;
      }
      answer = await complete(baseUrl, member, ledger, random, { workoutId, planId: member.planId, enrollmentId: member.enrollmentId });
    } else {
      const workoutId = catalog.workoutIds[Math.floor(random() * catalog.workoutIds.length)];
      answer = await complete(baseUrl, member, ledger, random, { workoutId, planId: null, enrollmentId: null });
    }
    counters.requests++;
    if (!answer) {
      counters.failures++;
      if (stop()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } else if (answer.status >= 500) {
      counters.serverErrors.push(`${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }
}

async function complete(
  baseUrl: string,
  member: Member,
  ledger: CompletionLedger,
  random: () => number,
  body: Record<string, unknown>,
): Promise<Answer | undefined> {
  const key = seededUuid(random);
  const attempt = ledger.record(member, key, body);
  const answer = await sendCompletion(baseUrl, attempt);
  if (answer?.status === 409 && body.enrollmentId) member.enrollmentId = undefined;
  return answer;
}

/** Sends (or re-sends, same key) a completion and files its outcome; retries a lost optimistic race as the SPA's outbox does. */
export async function sendCompletion(baseUrl: string, attempt: CompletionAttempt): Promise<Answer | undefined> {
  let answer = await call(baseUrl, 'POST', '/api/progress/complete', attempt.member.auth, attempt.body, { 'idempotency-key': attempt.key });
  for (let retry = 0; retry < 5 && answer?.status === LOST_RACE && /al mismo tiempo/.test(String(answer.body.error)); retry++) {
    answer = await call(baseUrl, 'POST', '/api/progress/complete', attempt.member.auth, attempt.body, { 'idempotency-key': attempt.key });
  }
  if (!answer || answer.status >= 500) attempt.outcome = 'unknown';
  else attempt.outcome = answer.status === 200 ? 'accepted' : 'refused';
  return answer;
}
