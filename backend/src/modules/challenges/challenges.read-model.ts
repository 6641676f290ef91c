import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { CHALLENGES } from './challenges.projection';
import type { ChallengeGoalType } from './challenges.rules';
import { MEMBER_CHALLENGE_LEADERBOARD, MEMBER_CHALLENGE_MONTHS, MEMBER_CHALLENGE_PROGRESS } from './member-challenge-progress.projection';

export interface ChallengeView {
  challengeId: string;
  name: string;
  month: string;
  goalType: ChallengeGoalType;
  target: number;
  createdAt: string;
  archivedAt: string | null;
}

export interface MemberEntryView {
  challengeId: string;
  progress: number;
  joinedAt: string;
  finishedOn: string | null;
}

export interface MonthTotalsView {
  workouts: number;
  seconds: number;
  points: number;
}

export interface LeaderboardRowView {
  userId: string;
  label: string;
  progress: number;
  joinedAt: string;
  finishedAt: string | null;
}

export interface ParticipantView {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  progress: number;
  joinedAt: string;
  finishedOn: string | null;
  finishedAt: string | null;
}

interface ChallengeRow {
  challenge_id: string;
  name: string;
  month: string;
  goal_type: ChallengeGoalType;
  target: number;
  created_at: string;
  archived_at: string | null;
}

const CHALLENGE_COLUMNS = 'c.challenge_id, c.name, c.month, c.goal_type, c.target, c.created_at, c.archived_at';

function challengeOf(row: ChallengeRow): ChallengeView {
  return {
    challengeId: row.challenge_id,
    name: row.name,
    month: row.month,
    goalType: row.goal_type,
    target: row.target,
    createdAt: row.created_at,
    archivedAt: row.archived_at,
  };
}

/** Reads `challenges` and the members' standings (`member_challenge_*`). */
@Injectable()
export class ChallengesReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async byId(challengeId: string): Promise<ChallengeView | undefined> {
    const { rows } = await this.pool.query<ChallengeRow>(`SELECT ${CHALLENGE_COLUMNS} FROM ${CHALLENGES} c WHERE c.challenge_id = $1`, [challengeId]);
    return rows[0] && challengeOf(rows[0]);
  }

  /** Challenges still open to join, from `fromMonth` on, oldest month first. */
  async openFrom(fromMonth: string): Promise<ChallengeView[]> {
    const { rows } = await this.pool.query<ChallengeRow>(
      `SELECT ${CHALLENGE_COLUMNS} FROM ${CHALLENGES} c WHERE c.archived_at IS NULL AND c.month >= $1 ORDER BY c.month, c.created_at, c.challenge_id`,
      [fromMonth],
    );
    return rows.map(challengeOf);
  }

  async activeInMonth(month: string): Promise<ChallengeView | undefined> {
    const { rows } = await this.pool.query<ChallengeRow>(
      `SELECT ${CHALLENGE_COLUMNS} FROM ${CHALLENGES} c WHERE c.archived_at IS NULL AND c.month = $1 LIMIT 1`,
      [month],
    );
    return rows[0] && challengeOf(rows[0]);
  }

  async listWithCounts(): Promise<Array<ChallengeView & { participants: number; finishers: number }>> {
    const { rows } = await this.pool.query<ChallengeRow & { participants: string; finishers: string }>(
      `SELECT ${CHALLENGE_COLUMNS},
              count(p.user_id)::text AS participants,
              count(p.finished_on)::text AS finishers
         FROM ${CHALLENGES} c LEFT JOIN ${MEMBER_CHALLENGE_PROGRESS} p ON p.challenge_id = c.challenge_id
        GROUP BY c.challenge_id, c.name, c.month, c.goal_type, c.target, c.created_at, c.archived_at
        ORDER BY c.month DESC, c.created_at DESC, c.challenge_id`,
    );
    return rows.map((row) => ({ ...challengeOf(row), participants: Number(row.participants), finishers: Number(row.finishers) }));
  }

  /** The member's entries and monthly totals, and their leaderboard choice. */
  async forMember(userId: string): Promise<{
    entries: Map<string, MemberEntryView>;
    months: Map<string, MonthTotalsView>;
    leaderboard: { visible: boolean; showName: boolean; label: string } | null;
    achievements: Array<{ challengeId: string; name: string; month: string; finishedOn: string }>;
  }> {
    const [entries, months, board, achievements] = await Promise.all([
      this.pool.query<{ challenge_id: string; progress: number; joined_at: string; finished_on: string | null }>(
        `SELECT challenge_id, progress, joined_at, finished_on FROM ${MEMBER_CHALLENGE_PROGRESS} WHERE user_id = $1`,
        [userId],
      ),
      this.pool.query<{ month: string; workouts: number; seconds: string; points: number }>(
        `SELECT month, workouts, seconds, points FROM ${MEMBER_CHALLENGE_MONTHS} WHERE user_id = $1`,
        [userId],
      ),
      this.pool.query<{ visible: boolean; show_name: boolean; label: string }>(
        `SELECT visible, show_name, label FROM ${MEMBER_CHALLENGE_LEADERBOARD} WHERE user_id = $1`,
        [userId],
      ),
      this.pool.query<{ challenge_id: string; name: string; month: string; finished_on: string }>(
        `SELECT p.challenge_id, c.name, p.month, p.finished_on
           FROM ${MEMBER_CHALLENGE_PROGRESS} p JOIN ${CHALLENGES} c ON c.challenge_id = p.challenge_id
          WHERE p.user_id = $1 AND p.finished_on IS NOT NULL
          ORDER BY p.finished_on DESC, p.finished_at DESC, p.challenge_id`,
        [userId],
      ),
    ]);
    const board0 = board.rows[0];
    return {
      entries: new Map(
        entries.rows.map((row) => [
          row.challenge_id,
          { challengeId: row.challenge_id, progress: row.progress, joinedAt: row.joined_at, finishedOn: row.finished_on },
        ]),
      ),
      months: new Map(months.rows.map((row) => [row.month, { workouts: row.workouts, seconds: Number(row.seconds), points: row.points }])),
      leaderboard: board0 ? { visible: board0.visible, showName: board0.show_name, label: board0.label } : null,
      achievements: achievements.rows.map((row) => ({ challengeId: row.challenge_id, name: row.name, month: row.month, finishedOn: row.finished_on })),
    };
  }

  /** Only members who chose to appear, with the label they chose; ranked by the caller. */
  async leaderboardRows(challengeId: string): Promise<{ rows: LeaderboardRowView[]; participants: number }> {
    const [visible, count] = await Promise.all([
      this.pool.query<{ user_id: string; label: string; progress: number; joined_at: string; finished_at: string | null }>(
        `SELECT p.user_id, l.label, p.progress, p.joined_at, p.finished_at
           FROM ${MEMBER_CHALLENGE_PROGRESS} p JOIN ${MEMBER_CHALLENGE_LEADERBOARD} l ON l.user_id = p.user_id AND l.visible
          WHERE p.challenge_id = $1`,
        [challengeId],
      ),
      this.pool.query<{ participants: string }>(`SELECT count(*)::text AS participants FROM ${MEMBER_CHALLENGE_PROGRESS} WHERE challenge_id = $1`, [
        challengeId,
      ]),
    ]);
    return {
      rows: visible.rows.map((row) => ({
        userId: row.user_id,
        label: row.label,
        progress: row.progress,
        joinedAt: row.joined_at,
        finishedAt: row.finished_at,
      })),
      participants: Number(count.rows[0]?.participants ?? 0),
    };
  }

  /** Everyone who joined, for staff: names and emails from the local accounts when there are any. */
  async participants(challengeId: string): Promise<ParticipantView[]> {
    const { rows } = await this.pool.query<{
      user_id: string;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      progress: number;
      joined_at: string;
      finished_on: string | null;
      finished_at: string | null;
    }>(
      `SELECT p.user_id, a.first_name, a.last_name, a.email, p.progress, p.joined_at, p.finished_on, p.finished_at
         FROM ${MEMBER_CHALLENGE_PROGRESS} p LEFT JOIN identity_accounts a ON a.id::text = p.user_id
        WHERE p.challenge_id = $1`,
      [challengeId],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      progress: row.progress,
      joinedAt: row.joined_at,
      finishedOn: row.finished_on,
      finishedAt: row.finished_at,
    }));
  }
}
