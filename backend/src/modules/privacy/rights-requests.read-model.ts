import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { LocalDate } from '../../shared/studio-day';
import type { RightsRequestStatus, RightsRequestType } from './rights-requests.rules';

export interface RightsRequestRow {
  id: string;
  userId: string;
  memberEmail: string;
  memberName: string;
  type: RightsRequestType;
  details: string | null;
  status: RightsRequestStatus;
  receivedOn: LocalDate;
  dueOn: LocalDate;
  extended: boolean;
  receivedAt: string;
  updatedAt: string;
}

export interface StatusChange {
  status: RightsRequestStatus;
  at: string;
  /** Who moved it: the staff member's email. */
  by: string;
}

interface Row {
  id: string;
  user_id: string;
  member_email: string;
  member_name: string;
  type: RightsRequestType;
  details: string | null;
  status: RightsRequestStatus;
  received_on: string;
  due_on: string;
  extended: boolean;
  received_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, user_id, member_email, member_name, type, details, status, received_on::text AS received_on, due_on::text AS due_on, extended, received_at, updated_at`;

function toRow(row: Row): RightsRequestRow {
  return {
    id: row.id,
    userId: row.user_id,
    memberEmail: row.member_email,
    memberName: row.member_name,
    type: row.type,
    details: row.details,
    status: row.status,
    receivedOn: row.received_on,
    dueOn: row.due_on,
    extended: row.extended,
    receivedAt: row.received_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** `rights_requests` (ADR 0192): the queue of requests members filed and staff answer. */
@Injectable()
export class RightsRequestsReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Files a request; undefined when the member already has an open one of that type. */
  async insert(request: Omit<RightsRequestRow, 'status' | 'extended' | 'updatedAt'>, by: string): Promise<RightsRequestRow | undefined> {
    const { rows } = await this.pool.query<Row>(
      `INSERT INTO rights_requests (id, user_id, member_email, member_name, type, details, received_on, due_on, received_at, updated_at, history)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $9::timestamptz, jsonb_build_array(jsonb_build_object('status', 'received', 'at', $10::text, 'by', $11::text)))
       ON CONFLICT (user_id, type) WHERE status NOT IN ('answered', 'rejected') DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        request.id,
        request.userId,
        request.memberEmail,
        request.memberName,
        request.type,
        request.details,
        request.receivedOn,
        request.dueOn,
        request.receivedAt,
        request.receivedAt,
        by,
      ],
    );
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  async forMember(userId: string): Promise<RightsRequestRow[]> {
    const { rows } = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM rights_requests WHERE user_id = $1 ORDER BY received_at DESC, id`, [userId]);
    return rows.map(toRow);
  }

  /** Open requests first, the nearest due date first; then the closed ones, the latest first. */
  async queue(limit: number): Promise<RightsRequestRow[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT ${COLUMNS} FROM rights_requests
        ORDER BY (status IN ('answered', 'rejected')), CASE WHEN status IN ('answered', 'rejected') THEN NULL ELSE due_on END, updated_at DESC, id
        LIMIT $1`,
      [limit],
    );
    return rows.map(toRow);
  }

  async byId(id: string): Promise<RightsRequestRow | undefined> {
    const { rows } = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM rights_requests WHERE id = $1`, [id]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  /** Moves the request if it still has the status it was read with (two staff at once: the second sees a conflict). */
  async changeStatus(
    id: string,
    from: RightsRequestStatus,
    change: StatusChange & { dueOn: LocalDate; extended: boolean },
  ): Promise<RightsRequestRow | undefined> {
    const { rows } = await this.pool.query<Row>(
      `UPDATE rights_requests
          SET status = $3::text, due_on = $4, extended = $5, updated_at = $6::timestamptz,
              history = history || jsonb_build_array(jsonb_build_object('status', $3::text, 'at', $8::text, 'by', $7::text))
        WHERE id = $1 AND status = $2
        RETURNING ${COLUMNS}`,
      [id, from, change.status, change.dueOn, change.extended, change.at, change.by, change.at],
    );
    return rows[0] ? toRow(rows[0]) : undefined;
  }
}
