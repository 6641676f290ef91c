import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';

/** A free-class booking as its person filled it in, for that person's data export (#21). */
export interface FreeClassBookingRecord {
  name: string;
  lastname: string;
  dui: string;
  email: string;
  cellphone: string;
  classDate: string;
  slot: string;
  className: string;
  bookedAt: string;
}

export class ListFreeClassBookingsByEmail extends Query<FreeClassBookingRecord[]> {
  constructor(readonly email: string) {
    super();
  }
}

/** The free-class bookings made with an email address (stored lower-case). */
@QueryHandler(ListFreeClassBookingsByEmail)
export class ListFreeClassBookingsByEmailHandler implements IQueryHandler<ListFreeClassBookingsByEmail, FreeClassBookingRecord[]> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ email }: ListFreeClassBookingsByEmail): Promise<FreeClassBookingRecord[]> {
    const address = email.trim().toLowerCase();
    if (address === '') return [];
    const { rows } = await this.pool.query<{
      name: string;
      lastname: string;
      dui: string;
      email: string;
      cellphone: string;
      class_date: string;
      slot: string;
      class_name: string;
      created_at: Date;
    }>(
      `SELECT name, lastname, dui, email, cellphone, class_date::text AS class_date, slot, class_name, created_at
         FROM free_class_bookings WHERE email = $1 ORDER BY created_at`,
      [address],
    );
    return rows.map((row) => ({
      name: row.name,
      lastname: row.lastname,
      dui: row.dui,
      email: row.email,
      cellphone: row.cellphone,
      classDate: row.class_date,
      slot: row.slot,
      className: row.class_name,
      bookedAt: row.created_at.toISOString(),
    }));
  }
}
