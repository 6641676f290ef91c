import { Injectable } from '@nestjs/common';
import { localDateOf, type LocalDate, type LocalDateRange } from '../../shared/studio-day';
import { CatalogReadModel } from '../catalog/catalog.read-model';
import { MemberEnrollmentsReadModel, type EnrollmentWithOrder } from '../members/member-enrollments.read-model';
import { ProgressReadModel } from '../progress/progress.read-model';
import type { CalendarDayDto, CalendarPlanDto, CalendarWorkoutDto } from './dto/training-calendar.dto';
import { TrainingCalendarReadModel, type StoredSchedule } from './training-calendar.read-model';
import { layOutCalendar, recommendedDaysPerWeek } from './training-calendar.rules';

export interface CalendarLayout {
  today: LocalDate;
  schedule: StoredSchedule | null;
  plan: CalendarPlanDto | null;
  recommendedDaysPerWeek: number;
  days: CalendarDayDto[];
}

/** Shown when a day points at a workout the catalogue no longer has. */
const UNKNOWN_WORKOUT: Omit<CalendarWorkoutDto, '_id'> = { title: 'Entrenamiento no disponible', estDurationSec: 0 };

/**
 * Gathers what `layOutCalendar` needs from the read models (schedule, active plan, completions)
 * and names the workouts: the one copy the SPA's query, the iCal feed and the reminders use.
 */
@Injectable()
export class CalendarLayoutReader {
  constructor(
    private readonly calendars: TrainingCalendarReadModel,
    private readonly enrollments: MemberEnrollmentsReadModel,
    private readonly progress: ProgressReadModel,
    private readonly catalog: CatalogReadModel,
  ) {}

  async layout(userId: string, range: LocalDateRange, now: Date): Promise<CalendarLayout> {
    const today = localDateOf(now);
    const [schedule, enrollments, completions] = await Promise.all([
      this.calendars.scheduleFor(userId),
      this.enrollments.listWithOrderForMember(userId),
      this.progress.completionsBetween(userId, range.start, range.end < today ? range.end : today),
    ]);
    const active = activePlan(enrollments);
    const days = layOutCalendar({
      range,
      today,
      schedule: schedule ? { weekdays: schedule.weekdays, since: schedule.since } : null,
      plan: active,
      completions,
    });
    const plan = active ? this.catalog.findPlan(active.planId) : undefined;
    return {
      today,
      schedule,
      plan: active
        ? {
            enrollmentId: active.enrollmentId,
            planId: active.planId,
            title: plan?.title ?? 'Plan no disponible',
            total: active.totalWorkouts,
            nextPosition: active.currentIndex + 1,
          }
        : null,
      recommendedDaysPerWeek: recommendedDaysPerWeek(plan ?? null),
      days: days.map((day) => ({
        date: day.date,
        status: day.status,
        ...(day.position === undefined ? {} : { position: day.position }),
        workouts: day.workoutIds.map((id) => this.workoutOf(id)),
      })),
    };
  }

  private workoutOf(id: string): CalendarWorkoutDto {
    const training = this.catalog.findWorkout(id);
    if (training) return { _id: id, title: training.title, estDurationSec: training.estDurationSec };
    const running = this.catalog.findRunningWorkout(id);
    if (running) return { _id: id, title: running.title, estDurationSec: running.duration * 60 };
    return { _id: id, ...UNKNOWN_WORKOUT };
  }
}

/**
 * The plan the calendar follows: the member's most recently enrolled active plan with workouts
 * still to do. Paused and completed plans lay out nothing.
 */
function activePlan(enrollments: EnrollmentWithOrder[]): EnrollmentWithOrder | null {
  const active = enrollments.filter((row) => row.status === 'active' && row.currentIndex < row.totalWorkouts);
  return active.at(-1) ?? null;
}
