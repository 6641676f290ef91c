import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { memberStreamName, type MemberEvent } from '../members/member.events';
import { MEMBERSHIP_EVENT_TYPES } from './member-memberships.projection';
import { isMembershipPlanId, MEMBERSHIP_PLANS } from './memberships.rules';
import { MembershipsReadModel } from './memberships.read-model';

type MembershipEvent = Extract<MemberEvent, { type: (typeof MEMBERSHIP_EVENT_TYPES)[number] }>;

/** One thing that happened to a member's membership, as their data export lists it (ADR 0193). */
export interface MembershipHistoryEntry {
  occurredAt: string;
  /** The event's name: MembershipSold, MembershipRenewed, ClassCreditUsed… */
  event: MembershipEvent['type'];
  /** What happened, as the member reads it, in Spanish. */
  description: string;
  membershipId: string;
  planTitle: string | null;
  validFrom?: string;
  validUntil?: string;
  /** Classes the period brought (null: unlimited). */
  classes?: number | null;
  /** Classes left in the pool after it (null: unlimited). */
  classesLeft?: number | null;
  payment?: { channel: string; method: string; reference: string | null; billing: string; amountUsd: number };
  /** How many other people share the pool. */
  sharedWithPeople?: number;
  frozenFrom?: string;
  frozenDays?: number;
  /** The booking that used or got back a class. */
  bookingId?: string;
  /** The class was used or returned by the member (false: by another person of a pool they hold). */
  byYou?: boolean;
}

/** Every sale, renewal, end, freeze and class used or returned of a member, oldest first; of each pool they share or shared, their own classes only. */
export class GetMembershipHistory extends Query<MembershipHistoryEntry[]> {
  constructor(readonly userId: string) {
    super();
  }
}

const classesText = (count: number) => `${count} ${count === 1 ? 'clase' : 'clases'}`;
const left = (classesLeft: number | null) => (classesLeft === null ? '' : ` (quedan ${classesLeft})`);

/** The membership events of one stream as the member reads them; `holder`: the stream is the member's own. */
export function membershipHistory(events: ReadonlyArray<{ type: string; data: unknown }>, userId: string, holder: boolean): MembershipHistoryEntry[] {
  const titles = new Map<string, string>();
  const entries: MembershipHistoryEntry[] = [];
  for (const recorded of events) {
    if (!(MEMBERSHIP_EVENT_TYPES as readonly string[]).includes(recorded.type)) continue;
    const event = recorded as MembershipEvent;
    const base = { occurredAt: event.data.occurredAt, event: event.type, membershipId: event.data.membershipId };
    const title = titles.get(event.data.membershipId) ?? null;
    switch (event.type) {
      case 'MembershipSold':
      case 'MembershipPurchaseConfirmed': {
        const { planTitle, classes, sharedWith, validFrom, validUntil, payment } = event.data;
        titles.set(event.data.membershipId, planTitle);
        if (!holder) continue;
        const how = event.type === 'MembershipSold' ? 'en recepción' : 'con enlace de pago';
        const shared = sharedWith.length > 0 ? `, compartida con ${sharedWith.length} ${sharedWith.length === 1 ? 'persona' : 'personas'}` : '';
        entries.push({
          ...base,
          description: `Compraste ${how} la membresía ${planTitle} (${classes === null ? 'clases ilimitadas' : classesText(classes)}${shared}), vigente del ${validFrom} al ${validUntil}`,
          planTitle,
          validFrom,
          validUntil,
          classes,
          classesLeft: classes,
          payment: { ...payment },
          sharedWithPeople: sharedWith.length,
        });
        break;
      }
      case 'MembershipRenewed': {
        if (!holder) continue;
        const planTitle = title ?? (isMembershipPlanId(event.data.planId) ? MEMBERSHIP_PLANS[event.data.planId].title : event.data.planId);
        const added =
          event.data.classesAdded === null
            ? ''
            : ` (+${classesText(event.data.classesAdded)}${event.data.classesLeft === null ? '' : `; quedan ${event.data.classesLeft}`})`;
        entries.push({
          ...base,
          description: `Renovaste tu membresía ${planTitle} hasta el ${event.data.validUntil}${added}`,
          planTitle,
          validUntil: event.data.validUntil,
          classes: event.data.classesAdded,
          classesLeft: event.data.classesLeft,
          payment: { ...event.data.payment },
        });
        break;
      }
      case 'MembershipExpired': {
        if (!holder) continue;
        const unused = event.data.classesLeft ? `; no usaste ${classesText(event.data.classesLeft)}` : '';
        entries.push({
          ...base,
          description:
            event.data.reason === 'ended' ? `Venció tu membresía (último día ${event.data.validUntil})${unused}` : 'Tu membresía terminó al comprar otro plan',
          planTitle: title,
          validUntil: event.data.validUntil,
          classesLeft: event.data.classesLeft,
        });
        break;
      }
      case 'MembershipFrozen':
        if (!holder) continue;
        entries.push({ ...base, description: `Membresía congelada desde el ${event.data.from}`, planTitle: title, frozenFrom: event.data.from });
        break;
      case 'MembershipUnfrozen':
        if (!holder) continue;
        entries.push({
          ...base,
          description: `Membresía descongelada tras ${event.data.frozenDays} ${event.data.frozenDays === 1 ? 'día' : 'días'}: vigente hasta el ${event.data.validUntil}`,
          planTitle: title,
          validUntil: event.data.validUntil,
          frozenDays: event.data.frozenDays,
        });
        break;
      case 'ClassCreditUsed':
      case 'ClassCreditReturned': {
        const byYou = event.data.usedBy === userId;
        // Of a pool the member only shares, their own classes: another person's are that person's.
        if (!holder && !byYou) continue;
        const used = event.type === 'ClassCreditUsed';
        const description = byYou
          ? used
            ? `Usaste una clase de la membresía${left(event.data.classesLeft)}`
            : `Se te devolvió una clase${left(event.data.classesLeft)}`
          : used
            ? `Otra persona de tu membresía usó una clase${left(event.data.classesLeft)}`
            : `Se devolvió una clase a otra persona de tu membresía${left(event.data.classesLeft)}`;
        entries.push({ ...base, description, planTitle: title, classesLeft: event.data.classesLeft, bookingId: event.data.bookingId, byYou });
        break;
      }
    }
  }
  return entries;
}

@QueryHandler(GetMembershipHistory)
export class GetMembershipHistoryHandler implements IQueryHandler<GetMembershipHistory, MembershipHistoryEntry[]> {
  constructor(
    private readonly store: EventStore,
    private readonly memberships: MembershipsReadModel,
  ) {}

  async execute({ userId }: GetMembershipHistory): Promise<MembershipHistoryEntry[]> {
    const holders = await this.memberships.holdersOfPoolsShared(userId);
    const streams = await Promise.all([userId, ...holders].map((id) => this.store.readStream(memberStreamName(id))));
    return streams.flatMap((events, index) => membershipHistory(events, userId, index === 0)).sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  }
}
