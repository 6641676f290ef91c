import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DomainError } from '../../shared/domain-error';
import { addDays, isoWeekday, localDateOf, type LocalDate } from '../../shared/studio-day';
import { GetFreeClassGuests } from '../free-class-bookings/get-free-class-guests.query';
import { MemberContactsReadModel } from '../members/member-contacts.read-model';
import { GetMembership } from '../memberships/get-membership.query';
import { WEEKDAY_NAMES, type Weekday } from '../timetable/timetable.rules';
import { classBookingIcs } from './class-booking.ics';
import { ClassBookingStore, type BookingRecord } from './class-booking.store';
import { CLASS_BOOKING_MESSAGES, type ClassBookingSettings } from './class-bookings.rules';
import { CheckInCodes } from './check-in-codes';
import { cancelCutoffOf, ClassOccurrences, notBookableReason, occurrencesOf, type ClassOccurrence } from './class-occurrences';
import type { ClassDaysDto, MemberBookingDto, MyBookingsDto, RosterDto } from './dto/class-bookings.dto';

/** The member's classes from `from` for `days` days: free spots, the studio's policy, their membership and their own bookings. */
export class GetMemberClasses extends Query<ClassDaysDto> {
  constructor(
    readonly memberId: string,
    readonly from: LocalDate | undefined,
    readonly days: number | undefined,
    readonly now: Date,
  ) {
    super();
  }
}

export class GetMyClassBookings extends Query<MyBookingsDto> {
  constructor(
    readonly memberId: string,
    readonly now: Date,
  ) {
    super();
  }
}

/** A member's own booking as an .ics, or their QR code; another member's booking is not found. */
export class GetClassBookingFile extends Query<string> {
  constructor(
    readonly memberId: string,
    readonly bookingId: string,
    readonly kind: 'ics' | 'check-in-code',
  ) {
    super();
  }
}

export class GetClassRoster extends Query<RosterDto> {
  constructor(
    readonly date: LocalDate,
    readonly slotId: string,
  ) {
    super();
  }
}

export class GetClassBookingSettings extends Query<ClassBookingSettings> {}

const ACTIVE = new Set(['booked', 'waitlisted', 'checked-in']);

@QueryHandler(GetMemberClasses)
export class GetMemberClassesHandler implements IQueryHandler<GetMemberClasses, ClassDaysDto> {
  constructor(
    private readonly classes: ClassOccurrences,
    private readonly store: ClassBookingStore,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ memberId, from, days, now }: GetMemberClasses): Promise<ClassDaysDto> {
    const start = from ?? localDateOf(now);
    const count = days ?? 7;
    const end = addDays(start, count - 1);
    const [timetable, settings, counts, mine, { membership }] = await Promise.all([
      this.classes.load(),
      this.store.settings(),
      this.store.counts(start, end),
      this.store.ofMember(memberId, start, end),
      this.queryBus.execute(new GetMembership(memberId, now)),
    ]);
    const myBookings = new Map(mine.filter((booking) => ACTIVE.has(booking.status)).map((booking) => [`${booking.slotId}|${booking.date}`, booking]));
    const result: ClassDaysDto['days'] = [];
    for (let offset = 0; offset < count; offset += 1) {
      const date = addDays(start, offset);
      const occurrences = occurrencesOf(timetable, date);
      const closed = occurrences[0]?.closed ?? closureOf(timetable.closures, date);
      result.push({
        date,
        dayName: WEEKDAY_NAMES[isoWeekday(date) as Weekday],
        closed,
        classes:
          closed !== null
            ? []
            : occurrences.map((occurrence) => {
                const count = counts.get(`${occurrence.slotId}|${date}`) ?? { seats: 0, waitlist: 0 };
                const booked = occurrence.cancelled ? 0 : count.seats;
                const reason = notBookableReason(occurrence, settings, now);
                const own = myBookings.get(`${occurrence.slotId}|${date}`);
                return {
                  slotId: occurrence.slotId,
                  date,
                  startTime: occurrence.startTime,
                  endTime: occurrence.endTime,
                  label: occurrence.label,
                  className: occurrence.className,
                  description: occurrence.description,
                  coach: occurrence.coach,
                  lengthMin: occurrence.lengthMin,
                  capacity: occurrence.capacity,
                  booked,
                  free: occurrence.cancelled ? 0 : Math.max(0, occurrence.capacity - booked),
                  waitlist: count.waitlist,
                  cancelled: occurrence.cancelled,
                  notice: occurrence.notice,
                  bookable: reason === null,
                  notBookableReason: reason,
                  myBooking: own ? myBookingOf(own, occurrence, settings, now) : null,
                };
              }),
      });
    }
    return {
      policy: settings,
      membership: membership ? { planTitle: membership.planTitle, classesLeft: membership.classesLeft, validUntil: membership.validUntil } : null,
      days: result,
    };
  }
}

function closureOf(closures: readonly { date: string; notice: string }[], date: LocalDate): string | null {
  return closures.find((closure) => closure.date === date)?.notice ?? null;
}

function myBookingOf(booking: BookingRecord, occurrence: ClassOccurrence, settings: ClassBookingSettings, now: Date) {
  return {
    bookingId: booking.bookingId,
    status: booking.status as 'booked' | 'waitlisted' | 'checked-in',
    waitlistPosition: booking.waitlistPosition,
    cancelFree: booking.status === 'waitlisted' || now.getTime() <= cancelCutoffOf(occurrence, settings).getTime(),
  };
}

@QueryHandler(GetMyClassBookings)
export class GetMyClassBookingsHandler implements IQueryHandler<GetMyClassBookings, MyBookingsDto> {
  constructor(
    private readonly classes: ClassOccurrences,
    private readonly store: ClassBookingStore,
  ) {}

  async execute({ memberId, now }: GetMyClassBookings): Promise<MyBookingsDto> {
    const today = localDateOf(now);
    const [timetable, bookings] = await Promise.all([this.classes.load(), this.store.ofMember(memberId, addDays(today, -90), addDays(today, 60))]);
    const upcoming: MemberBookingDto[] = [];
    const past: MemberBookingDto[] = [];
    for (const booking of bookings) {
      if (booking.status === 'left') continue;
      const occurrence = occurrencesOf(timetable, booking.date).find((candidate) => candidate.slotId === booking.slotId);
      const ended = occurrence ? occurrence.endsAt.getTime() <= now.getTime() : booking.date < today;
      const status = booking.status === 'checked-in' && ended ? 'attended' : booking.status;
      const entry: MemberBookingDto = {
        bookingId: booking.bookingId,
        date: booking.date,
        slotId: booking.slotId,
        startTime: occurrence?.startTime ?? '',
        endTime: occurrence?.endTime ?? '',
        className: occurrence?.className ?? '',
        coach: occurrence?.coach ?? '',
        status: status as MemberBookingDto['status'],
        waitlistPosition: booking.waitlistPosition,
        late: booking.late,
      };
      (ended || booking.status === 'cancelled' || booking.status === 'no-show' ? past : upcoming).push(entry);
    }
    past.reverse();
    return { upcoming, past };
  }
}

@QueryHandler(GetClassBookingFile)
export class GetClassBookingFileHandler implements IQueryHandler<GetClassBookingFile, string> {
  constructor(
    private readonly classes: ClassOccurrences,
    private readonly store: ClassBookingStore,
    private readonly codes: CheckInCodes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ memberId, bookingId, kind }: GetClassBookingFile): Promise<string> {
    const booking = await this.store.booking(bookingId);
    if (!booking || booking.memberId !== memberId) throw new DomainError('not-found', CLASS_BOOKING_MESSAGES.bookingNotFound);
    if (kind === 'check-in-code') return this.codes.codeFor(bookingId, booking.date);
    const occurrence = await this.classes.find(booking.date, booking.slotId);
    if (!occurrence) throw new DomainError('not-found', CLASS_BOOKING_MESSAGES.noSuchClass);
    return classBookingIcs(
      {
        bookingId,
        date: booking.date,
        startTime: occurrence.startTime,
        lengthMin: occurrence.lengthMin,
        className: occurrence.className,
        coach: occurrence.coach,
      },
      { publicUrl: this.config.publicUrl.replace(/\/$/, ''), address: this.config.studio.address, now: new Date() },
    );
  }
}

@QueryHandler(GetClassRoster)
export class GetClassRosterHandler implements IQueryHandler<GetClassRoster, RosterDto> {
  constructor(
    private readonly classes: ClassOccurrences,
    private readonly store: ClassBookingStore,
    private readonly contacts: MemberContactsReadModel,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ date, slotId }: GetClassRoster): Promise<RosterDto> {
    const occurrence = await this.classes.get(date, slotId);
    const all = await this.store.ofClass(slotId, date);
    const bookings = all.filter((booking) => !booking.guest);
    const seated = all.filter((booking) => booking.guest && booking.status === 'booked').map((booking) => booking.bookingId);
    // The desk tells members apart by their full name, as in Miembros and on the board; an erased
    // member's past seat stays, counted, under "[borrado]" (ADR 0202).
    const names = await this.contacts.fullNamesOf(bookings.map((booking) => booking.memberId));
    return {
      date,
      slotId,
      className: occurrence.className,
      startTime: occurrence.startTime,
      endTime: occurrence.endTime,
      capacity: occurrence.capacity,
      booked: bookings
        .filter((booking) => booking.status === 'booked' || booking.status === 'checked-in' || booking.status === 'no-show')
        .map((booking) => ({
          bookingId: booking.bookingId,
          memberId: booking.memberId,
          name: names.get(booking.memberId) ?? '',
          status: booking.status as 'booked' | 'checked-in' | 'no-show',
          checkedInAt: booking.checkedInAt,
        })),
      waitlist: bookings
        .filter((booking) => booking.status === 'waitlisted')
        .sort((a, b) => (a.waitlistOrder ?? 0) - (b.waitlistOrder ?? 0))
        .map((booking, index) => ({ bookingId: booking.bookingId, memberId: booking.memberId, name: names.get(booking.memberId) ?? '', position: index + 1 })),
      guests: await this.guests(seated),
    };
  }

  /** The guests seated, in booking order, with what their free-class outcome says (ADR 0380); a seat without its booking is left out. */
  private async guests(bookingIds: string[]): Promise<RosterDto['guests']> {
    const found = new Map((await this.queryBus.execute(new GetFreeClassGuests(bookingIds))).map((guest) => [guest.bookingId, guest]));
    return bookingIds.flatMap((bookingId) => {
      const guest = found.get(bookingId);
      if (!guest) return [];
      const came = guest.outcome === 'attended' || guest.outcome === 'converted';
      return [
        {
          bookingId,
          name: `${guest.name} ${guest.lastname}`.trim(),
          status: came ? 'checked-in' : guest.outcome === 'no-show' ? 'no-show' : 'booked',
          outcome: guest.outcome,
          checkedInAt: came ? guest.outcomeAt : null,
        },
      ];
    });
  }
}

@QueryHandler(GetClassBookingSettings)
export class GetClassBookingSettingsHandler implements IQueryHandler<GetClassBookingSettings, ClassBookingSettings> {
  constructor(private readonly store: ClassBookingStore) {}

  execute(): Promise<ClassBookingSettings> {
    return this.store.settings();
  }
}
