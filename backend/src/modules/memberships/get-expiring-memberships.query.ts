import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { addDays, localDateOf } from '../../shared/studio-day';
import type { ExpiringMembershipsDto } from './dto/memberships.dto';
import { membershipView } from './membership-view';
import { MembershipsReadModel } from './memberships.read-model';

/** The desk's "Vencen esta semana": memberships in force whose last day is today or in the next six days, soonest first. */
export class GetExpiringMemberships extends Query<ExpiringMembershipsDto> {
  constructor(readonly now: Date) {
    super();
  }
}

@QueryHandler(GetExpiringMemberships)
export class GetExpiringMembershipsHandler implements IQueryHandler<GetExpiringMemberships, ExpiringMembershipsDto> {
  constructor(private readonly memberships: MembershipsReadModel) {}

  async execute({ now }: GetExpiringMemberships): Promise<ExpiringMembershipsDto> {
    const from = localDateOf(now);
    const to = addDays(from, 6);
    const rows = await this.memberships.expiringBetween(from, to);
    return {
      from,
      to,
      memberships: rows.map((row) => ({
        userId: row.holderId,
        firstName: row.firstName,
        email: row.email,
        membership: membershipView(row, row.holderId, from),
      })),
    };
  }
}
