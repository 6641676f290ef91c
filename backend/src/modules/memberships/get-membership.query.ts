import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { localDateOf } from '../../shared/studio-day';
import type { MembershipDto } from './dto/memberships.dto';
import { membershipView, storedInForce } from './membership-view';
import { MembershipsReadModel, type StoredMembership } from './memberships.read-model';

/** A member's membership: the pool they hold if in force, else a couple's or family's pool they share, else their last one (ended); null if none ever. */
export class GetMembership extends Query<{ membership: MembershipDto | null; sharedWith: string[] }> {
  constructor(
    readonly userId: string,
    readonly now: Date,
  ) {
    super();
  }
}

@QueryHandler(GetMembership)
export class GetMembershipHandler implements IQueryHandler<GetMembership, { membership: MembershipDto | null; sharedWith: string[] }> {
  constructor(private readonly memberships: MembershipsReadModel) {}

  async execute({ userId, now }: GetMembership): Promise<{ membership: MembershipDto | null; sharedWith: string[] }> {
    const today = localDateOf(now);
    const found = await membershipOf(this.memberships, userId, today);
    if (!found) return { membership: null, sharedWith: [] };
    return { membership: membershipView(found, userId, today), sharedWith: found.holderId === userId ? [...found.sharedWith] : [] };
  }
}

/** The pool a member's classes come from on `today` (own first), or their own ended one. */
export async function membershipOf(memberships: MembershipsReadModel, userId: string, today: string): Promise<StoredMembership | null> {
  const own = await memberships.heldBy(userId);
  if (storedInForce(own, today)) return own;
  const shared = (await memberships.sharedWith(userId)).find((membership) => storedInForce(membership, today));
  return shared ?? own;
}
