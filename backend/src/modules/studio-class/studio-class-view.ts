import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { localDateOf } from '../../shared/studio-day';
import { GetClassOfTheDay } from '../free-class-bookings/get-class-of-the-day.query';
import { HEART_RATE_ZONES, summarize, summaryMemberFor, zoneOf, type HeartRateSummary, type SummaryMember } from '../heart-rate/heart-rate.rules';
import { HeartRateReadModel } from '../heart-rate/heart-rate.read-model';
import { ageOn, MemberProfilesReadModel } from '../members/member-profiles.read-model';
import { GetPublicTimetable } from '../timetable/get-public-timetable.query';
import type { BoardParticipantDto, StudioClassStateDto, StudioTodayClassDto, StudioTodayDto, UnassignedSensorDto } from './dto/studio-class.dto';
import { StudioClassReadModel, type ClassSessionRow, type ParticipantRow } from './studio-class.read-model';
import { boardLabel, classDuration, classSeries, GUEST_NOTICE_VERSION, studioMinutesOf, suggestedClass, type ClassReading } from './studio-class.rules';

/** Slots offered on a day the schedule has none (a Sunday event). */
const SPECIAL_SLOTS = ['Clase especial'];

/**
 * The class as the console and the board read it: today's class, the session, and one tile per
 * participant with the figures of the heart-rate rules (ADR 0182).
 */
@Injectable()
export class StudioClassView {
  constructor(
    private readonly classes: StudioClassReadModel,
    private readonly heartRate: HeartRateReadModel,
    private readonly profiles: MemberProfilesReadModel,
    private readonly queryBus: QueryBus,
  ) {}

  /** Today's class by the spec's schedule (its label slots) and today's classes of the timetable (issue 40). */
  async today(now: Date): Promise<StudioTodayDto> {
    const [day, timetable] = await Promise.all([this.queryBus.execute(new GetClassOfTheDay(now)), this.queryBus.execute(new GetPublicTimetable(now))]);
    const slots = day.slots.length > 0 ? day.slots : SPECIAL_SLOTS;
    const scheduled = timetable.weeks.flatMap((week) => week.days).find((one) => one.date === day.date)?.classes ?? [];
    const classes: StudioTodayClassDto[] = scheduled.map(({ slotId, startTime, endTime, label, className, coach, cancelled }) => ({
      slotId,
      startTime,
      endTime,
      label,
      className,
      coach,
      cancelled,
    }));
    return {
      date: day.date,
      className: day.className,
      slots,
      suggestedSlot: day.suggestedSlot ?? slots[0]!,
      classes,
      suggestedSlotId: suggestedClass(classes, studioMinutesOf(now))?.slotId ?? null,
    };
  }

  /** The open class, or else the last one of today (so the console shows what just ended). */
  async state(now = new Date()): Promise<StudioClassStateDto> {
    const today = await this.today(now);
    const session = (await this.classes.openSession()) ?? (await this.classes.lastSessionOf(today.date));
    return this.stateOf(today, session, now);
  }

  async stateOf(today: StudioTodayDto, session: ClassSessionRow | null, now: Date): Promise<StudioClassStateDto> {
    const [participants, unassignedSensors] = session ? await this.tiles(session, now) : [[], []];
    return {
      today,
      session: session
        ? {
            id: session.id,
            className: session.className,
            slot: session.slot,
            slotId: session.slotId,
            classDate: session.classDate,
            startedAt: session.startedAt.toISOString(),
            endedAt: session.endedAt?.toISOString() ?? null,
          }
        : null,
      participants,
      unassignedSensors,
      zones: HEART_RATE_ZONES.map(({ zone, name, color }) => ({ zone, name, color })),
      guestNoticeVersion: GUEST_NOTICE_VERSION,
      serverTime: now.toISOString(),
    };
  }

  /** What the summary needs to know of a participant: the member's profile and maximum, or the guest's age. */
  async summaryMember(participant: ParticipantRow, now: Date): Promise<SummaryMember> {
    if (participant.kind === 'guest' || participant.userId === null) return summaryMemberFor(participant.guestAge, null, null, null);
    const [{ raisedMaxHr, measuredMaxHr }, { profile }] = await Promise.all([
      this.heartRate.forMember(participant.userId),
      this.profiles.forMember(participant.userId),
    ]);
    const age = profile.dateOfBirth === null ? null : ageOn(profile.dateOfBirth, localDateOf(now));
    return summaryMemberFor(age, raisedMaxHr, profile.gender, profile.weight, measuredMaxHr);
  }

  /** One tile per participant, and the straps whose readings arrive while nobody wears them (the board's notice). */
  async tiles(session: ClassSessionRow, now: Date): Promise<[BoardParticipantDto[], UnassignedSensorDto[]]> {
    const [participants, readings] = await Promise.all([this.classes.participants(session.id), this.classes.readings(session.id)]);
    const until = session.endedAt ?? now;
    const worn = new Set(participants.map((participant) => participant.sensorId));
    const unassigned = [...readings]
      .filter(([sensorId]) => !worn.has(sensorId))
      .map(([sensorId, own]) => ({ sensorId, bpm: own.readings[own.readings.length - 1]?.bpm ?? null, lastReadingAt: own.lastAt?.toISOString() ?? null }))
      .sort((a, b) => a.sensorId.localeCompare(b.sensorId, 'es'));
    const tiles = await Promise.all(
      participants.map(async (participant) => {
        const member = await this.summaryMember(participant, now);
        const own = readings.get(participant.sensorId);
        const summary = summaryOf(own?.readings ?? [], session.startedAt, until, member);
        const last = own?.readings[own.readings.length - 1];
        const zone = last ? zoneOf(last.bpm, member.maxHr) : null;
        return {
          sensorId: participant.sensorId,
          kind: participant.kind,
          label: boardLabel(participant.firstName, participant.lastName, participant.kind === 'member' && participant.showName),
          fullName: `${participant.firstName} ${participant.lastName}`.trim(),
          userId: participant.userId,
          bookingId: participant.bookingId,
          maxHr: member.maxHr,
          bpm: last?.bpm ?? null,
          lastReadingAt: own?.lastAt?.toISOString() ?? null,
          pctMax: last ? Math.round((last.bpm * 100) / member.maxHr) : null,
          zone: zone?.zone ?? null,
          points: summary.points,
          secondsInZone: [...summary.secondsInZone],
        };
      }),
    );
    return [tiles, unassigned];
  }
}

/** The class so far (or whole) for one participant, with the workouts' rules. */
export function summaryOf(readings: readonly ClassReading[], startedAt: Date, until: Date, member: SummaryMember): HeartRateSummary {
  const durationSec = Math.max(1, classDuration(startedAt.getTime(), until.getTime()) + 1);
  return summarize({ samples: classSeries(readings, durationSec), durationSec }, member);
}
