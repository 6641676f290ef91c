import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import {
  MEMBER_STREAM_PREFIX,
  type EnrolledInPlan,
  type EnrollmentAbandoned,
  type EnrollmentCompleted,
  type EnrollmentPaused,
  type EnrollmentResumed,
  type StudioClassAttended,
  type WorkoutCompleted,
} from '../members/member.events';
import type { LocalDate } from '../../shared/studio-day';
import { loadMembers, newMemberState, writeEnrollments, writeMembers, type DayFigures, type EnrollmentRow, type EnrollmentStatus, type MemberState, type Unlock } from './member-progress.batch';
import { flushHeldRows, heldMember, heldRows, heldTooMany, holdEnrollments } from './member-progress.deferred';
import { recall, remember } from './member-progress.replay-memory';
import { MEMBER_PROGRESS_TABLES } from './member-progress.tables';
import { applyProgressEvent, monthKey, pointsMonthKey, weekKey, workoutHeartRate, workoutSeconds, type ProgressEvent, type WorkoutHeartRate } from './progress.rules';

const ENROLLMENT_STATUS_OF: Record<string, EnrollmentStatus> = {
  EnrolledInPlan: 'active',
  EnrollmentResumed: 'active',
  EnrollmentPaused: 'paused',
  EnrollmentCompleted: 'completed',
  EnrollmentAbandoned: 'abandoned',
};

type EnrollmentEvent = EnrolledInPlan | EnrollmentAbandoned | EnrollmentPaused | EnrollmentResumed | EnrollmentCompleted;

/**
 * The member's progress facts (tables in member-progress.tables.ts), folded with the progress
 * rules; the same handler serves the live projection and every replay.
 */
export const memberProgressProjection: Projection = {
  name: 'member_progress',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  // 2: Puntos Pulso per day and month, heart-rate sessions and badges, the heart-rate achievements (ADR 0145).
  // 3: a class on the studio board counts as a workout (StudioClassAttended, ADR 0180).
  version: 3,
  eventTypes: ['WorkoutCompleted', 'StudioClassAttended', 'EnrolledInPlan', 'EnrollmentPaused', 'EnrollmentResumed', 'EnrollmentCompleted', 'EnrollmentAbandoned'],
  tables: MEMBER_PROGRESS_TABLES,

  /**
   * Set-based: the batch is grouped per member in memory, the members' current facts
   * are read with three queries, each member's events are folded in log order (so an
   * achievement takes the moment of the event that crossed its threshold), and the
   * results are written back with one multi-row statement per table.
   */
  async handle(events: RecordedEvent[], context) {
    // A replay from empty keeps every member's state and writes nothing until the runner flushes (ADR 0248).
    const held = context.replay?.deferred ? heldRows(context.replay) : undefined;
    const members = new Map<string, MemberState>();
    const enrollments = new Map<string, EnrollmentRow>();
    for (const event of events) {
      const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      if (event.type === 'WorkoutCompleted' || event.type === 'StudioClassAttended' || event.type === 'EnrolledInPlan') {
        let member = members.get(userId);
        if (!member) {
          member = held ? heldMember(held, userId) : newMemberState(userId);
          members.set(userId, member);
        }
        member.events.push(event);
        // What the batch's reads and writes need; rows held in memory are neither read nor written per batch.
        if (!held && (event.type === 'WorkoutCompleted' || event.type === 'StudioClassAttended')) {
          const day = (event.data as WorkoutCompleted['data'] | StudioClassAttended['data']).localDate;
          if (member.firstDay === undefined || day < member.firstDay) member.firstDay = day;
          if (member.lastDay === undefined || day > member.lastDay) member.lastDay = day;
          member.changedPeriods.add(monthKey(day));
          member.changedPeriods.add(weekKey(day));
          member.changedPeriods.add(pointsMonthKey(day));
        }
      }
      const status = ENROLLMENT_STATUS_OF[event.type];
      if (status) {
        const data = event.data as EnrollmentEvent['data'];
        enrollments.set(data.enrollmentId, { userId, planId: data.planId, status, updatedAt: data.occurredAt });
      }
    }
    if (held) {
      for (const member of members.values()) {
        held.days -= member.dayDeltas.size;
        foldMember(member, held.unlocked);
        held.days += member.dayDeltas.size;
        // Folded: the batch's events need not live as long as the member's state.
        member.events = [];
      }
      holdEnrollments(held, enrollments);
      if (heldTooMany(held)) await flushHeldRows(context);
      return;
    }
    if (members.size > 0) {
      const replay = context.replay;
      const unknown = replay ? recall(members, replay) : members;
      if (unknown.size > 0) await loadMembers(unknown, context);
      const unlocked: Unlock[] = [];
      for (const member of members.values()) foldMember(member, unlocked);
      // Answered, in this order: in an append they leave with its COMMIT (ADR 0315).
      const writes = writeMembers(members, unlocked, context);
      if (enrollments.size > 0) writes.push(writeEnrollments(enrollments, context));
      if (replay) remember(members, unknown, replay);
      return writes;
    }
    if (enrollments.size > 0) return [writeEnrollments(enrollments, context)];
    return [];
  },

  /** Writes what a replay from empty held in memory, with COPY (ADR 0248). */
  flushReplay: flushHeldRows,
};

/** Folds one member's events of the batch in log order with the rules, recording each achievement unlocked. */
function foldMember(member: MemberState, newlyUnlocked: Unlock[]): void {
  for (const event of member.events) {
    const progressEvent = asProgressEvent(event);
    if (progressEvent.type === 'WorkoutCompleted') {
      addToDay(member.dayDeltas, progressEvent.data.localDate, workoutSeconds(progressEvent.data), workoutHeartRate(progressEvent.data));
    }
    for (const code of applyProgressEvent(member, progressEvent)) {
      newlyUnlocked.push({ userId: member.userId, code, at: progressEvent.data.occurredAt });
    }
  }
}

/** A class on the studio board folds exactly as a completed workout does (ADR 0180). */
function asProgressEvent(event: RecordedEvent): ProgressEvent {
  if (event.type !== 'StudioClassAttended') return event as unknown as ProgressEvent;
  const data = event.data as StudioClassAttended['data'];
  return { type: 'WorkoutCompleted', data: { localDate: data.localDate, durationSec: data.durationSec, occurredAt: data.occurredAt, heartRate: data.heartRate } };
}

function addToDay(dayDeltas: Map<LocalDate, DayFigures>, day: LocalDate, durationSec: number, heartRate: WorkoutHeartRate): void {
  const delta = dayDeltas.get(day);
  if (delta) {
    delta.workouts += 1;
    delta.durationSec += durationSec;
    delta.points += heartRate.points;
    delta.heartRateSessions += heartRate.sessions;
    delta.badgeSessions += heartRate.badges;
  } else {
    dayDeltas.set(day, { workouts: 1, durationSec, points: heartRate.points, heartRateSessions: heartRate.sessions, badgeSessions: heartRate.badges });
  }
}

