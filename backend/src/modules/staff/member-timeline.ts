import type { EventActor } from '../../infrastructure/event-store/event-store.port';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { DomainError } from '../../shared/domain-error';
import type { HeartRateSummary } from '../heart-rate/heart-rate.rules';
import { timerSessionTitle } from '../interval-timer/interval-timer.rules';
import { CHALLENGE_GOAL_UNITS } from '../challenges/challenges.rules';
import { EMAIL_TOPIC_LABELS } from '../email-preferences/email-preferences.rules';
import { memberStreamName, type MemberEvent } from '../members/member.events';
import { consentKindOf } from '../privacy/consents.rules';

export interface TimelineEntry {
  eventId: string;
  position: string;
  revision: string;
  type: string;
  occurredAt: string;
  actor: EventActor | null;
  /** One line in Spanish for the console. */
  summary: string;
  /** ProfileUpdated: each changed field with its value before and after. */
  changes?: Array<{ field: string; before: unknown; after: unknown }>;
  planId?: string | null;
  planTitle?: string | null;
  enrollmentId?: string | null;
  workoutId?: string;
  workoutTitle?: string | null;
  durationSec?: number;
  localDate?: string;
  /** WorkoutCompleted with a sensor: its heart-rate summary in words. */
  heartRate?: string;
}

const wholeNumber = new Intl.NumberFormat('es-SV', { maximumFractionDigits: 0 });
const monthFormat = new Intl.DateTimeFormat('es-SV', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** A challenge month `2026-11` as the staff read it: "noviembre de 2026". */
export function challengeMonthText(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? monthFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15))) : month;
}

/** A session's heart-rate summary as the console reads it: "FC media 142 lpm · máx 181 · 23 Puntos Pulso · 410 kcal · insignia de esfuerzo". */
export function heartRateInWords(summary: HeartRateSummary): string {
  const parts: string[] = [];
  if (summary.avgBpm !== null) parts.push(`FC media ${summary.avgBpm} lpm`);
  if (summary.maxBpm !== null) parts.push(`máx ${summary.maxBpm}`);
  parts.push(`${wholeNumber.format(summary.points)} ${summary.points === 1 ? 'Punto Pulso' : 'Puntos Pulso'}`);
  if (summary.kcal !== null) parts.push(`${wholeNumber.format(summary.kcal)} kcal`);
  if (summary.recovery1MinBpm !== null) parts.push(`recuperación de ${summary.recovery1MinBpm} lpm en 1 min`);
  if (summary.badge) parts.push('insignia de esfuerzo');
  return parts.join(' · ');
}

export interface MemberIdentity {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FIELD_LABELS: Record<string, string> = {
  dateOfBirth: 'fecha de nacimiento',
  gender: 'género',
  height: 'estatura',
  weight: 'peso',
  fitnessLevel: 'nivel de condición física',
  goals: 'objetivos',
};

/**
 * A member's history read from their own stream (works on both event stores),
 * newest first, in revision pages, with catalogue titles resolved for the page only.
 */
@Injectable()
export class MemberTimeline {
  constructor(
    private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async identity(userId: string): Promise<MemberIdentity> {
    if (!UUID.test(userId)) return { userId, firstName: null, lastName: null, email: null };
    const { rows } = await this.pool.query<{ first_name: string; last_name: string; email: string }>(
      'SELECT first_name, last_name, email FROM identity_accounts WHERE id = $1::uuid',
      [userId],
    );
    const row = rows[0];
    return { userId, firstName: row?.first_name ?? null, lastName: row?.last_name ?? null, email: row?.email ?? null };
  }

  /** `before`: a revision from the previous page; the page holds the `limit` events before it. */
  async page(
    userId: string,
    before: bigint | undefined,
    limit: number,
  ): Promise<{ member: MemberIdentity; items: TimelineEntry[]; nextCursor: string | null }> {
    if (before !== undefined && before <= 0n) return { member: await this.identity(userId), items: [], nextCursor: null };
    const [member, events] = await Promise.all([
      this.identity(userId),
      this.store.readStream(memberStreamName(userId), {
        direction: 'backwards',
        ...(before !== undefined ? { fromRevision: before - 1n } : {}),
        maxCount: limit,
      }),
    ]);
    if (events.length === 0 && before === undefined && member.email === null) {
      throw new DomainError('not-found', 'No encontramos a ese miembro ni actividad suya.');
    }
    const titles = await this.titlesFor(events as RecordedEvent<MemberEvent['type'], MemberEvent['data']>[]);
    const items = events.map((event) => toEntry(event as RecordedEvent<MemberEvent['type'], MemberEvent['data']>, titles));
    const last = events[events.length - 1];
    return { member, items, nextCursor: events.length === limit && last && last.revision > 0n ? last.revision.toString() : null };
  }

  private async titlesFor(events: Array<RecordedEvent<MemberEvent['type'], MemberEvent['data']>>): Promise<Map<string, string>> {
    const ids = new Set<string>();
    for (const event of events) {
      const data = event.data as { planId?: string | null; workoutId?: string };
      if (data.planId) ids.add(data.planId);
      if (data.workoutId) ids.add(data.workoutId);
    }
    const list = [...ids].map((id) => id.toLowerCase());
    if (list.length === 0) return new Map();
    // Events name catalogue items by id or by slug (the public ids the API accepts): match both.
    const { rows } = await this.pool.query<{ id: string; slug: string; title: string }>(
      `SELECT id::text AS id, slug, title FROM catalog_workouts WHERE id::text = ANY ($1) OR slug = ANY ($1)
       UNION ALL SELECT id::text, slug, title FROM catalog_running_workouts WHERE id::text = ANY ($1) OR slug = ANY ($1)
       UNION ALL SELECT id::text, slug, title FROM catalog_plans WHERE id::text = ANY ($1) OR slug = ANY ($1)`,
      [list],
    );
    const titles = new Map<string, string>();
    for (const row of rows) {
      titles.set(row.id, row.title);
      titles.set(row.slug, row.title);
    }
    return titles;
  }
}

function toEntry(event: RecordedEvent<MemberEvent['type'], MemberEvent['data']>, titles: Map<string, string>): TimelineEntry {
  const base: TimelineEntry = {
    eventId: event.metadata.eventId,
    position: event.position,
    revision: event.revision.toString(),
    type: event.type,
    occurredAt: (event.data as { occurredAt?: string }).occurredAt ?? event.metadata.occurredAt,
    actor: event.metadata.actor ?? null,
    summary: event.type,
  };
  const m = { type: event.type, data: event.data } as MemberEvent;
  const planTitle = (planId: string | null | undefined) => (planId ? (titles.get(planId.toLowerCase()) ?? null) : null);
  switch (m.type) {
    case 'ProfileUpdated': {
      const changes = Object.entries(m.data.changes).map(([field, change]) => ({ field, before: change?.before ?? null, after: change?.after ?? null }));
      return { ...base, changes, summary: `Actualizó su perfil: ${changes.map((c) => FIELD_LABELS[c.field] ?? c.field).join(', ') || 'sin cambios'}` };
    }
    case 'OnboardingCompleted':
      return { ...base, summary: 'Completó la bienvenida (onboarding)' };
    case 'EnrolledInPlan':
      return {
        ...base,
        planId: m.data.planId,
        planTitle: planTitle(m.data.planId),
        enrollmentId: m.data.enrollmentId,
        summary: `Se inscribió en el plan «${planTitle(m.data.planId) ?? m.data.planId}»`,
      };
    case 'EnrollmentAbandoned':
      return {
        ...base,
        planId: m.data.planId,
        planTitle: planTitle(m.data.planId),
        enrollmentId: m.data.enrollmentId,
        summary: `Abandonó el plan «${planTitle(m.data.planId) ?? m.data.planId}»`,
      };
    case 'EnrollmentPaused':
      return {
        ...base,
        planId: m.data.planId,
        planTitle: planTitle(m.data.planId),
        enrollmentId: m.data.enrollmentId,
        summary: `Plan «${planTitle(m.data.planId) ?? m.data.planId}» en pausa (${m.data.pausedBy === 'staff' ? 'por el personal' : 'por el miembro'})`,
      };
    case 'EnrollmentResumed':
      return {
        ...base,
        planId: m.data.planId,
        planTitle: planTitle(m.data.planId),
        enrollmentId: m.data.enrollmentId,
        summary: `Plan «${planTitle(m.data.planId) ?? m.data.planId}» reanudado (${m.data.resumedBy === 'staff' ? 'por el personal' : 'por el miembro'})`,
      };
    case 'EnrollmentCompleted':
      return {
        ...base,
        planId: m.data.planId,
        planTitle: planTitle(m.data.planId),
        enrollmentId: m.data.enrollmentId,
        summary: `Terminó el plan «${planTitle(m.data.planId) ?? m.data.planId}»`,
      };
    case 'WorkoutCompleted': {
      const workoutTitle = m.data.intervalTimer ? timerSessionTitle(m.data.intervalTimer) : (titles.get(m.data.workoutId.toLowerCase()) ?? null);
      const seconds = Math.max(0, Math.round(m.data.durationSec));
      const duration = seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
      return {
        ...base,
        workoutId: m.data.workoutId,
        workoutTitle,
        durationSec: m.data.durationSec,
        localDate: m.data.localDate,
        planId: m.data.planId,
        planTitle: planTitle(m.data.planId),
        enrollmentId: m.data.enrollmentId,
        summary: `Completó «${workoutTitle ?? m.data.workoutId}» (${duration})`,
        ...(m.data.heartRate ? { heartRate: heartRateInWords(m.data.heartRate) } : {}),
      };
    }
    case 'HeartRateConsentGiven':
      return {
        ...base,
        summary: m.data.recordedAtDeskBy
          ? `Dio en recepción su consentimiento para registrar su frecuencia cardiaca (aviso ${m.data.noticeVersion})`
          : `Dio su consentimiento para registrar su frecuencia cardiaca (aviso ${m.data.noticeVersion})`,
      };
    case 'HeartRateConsentWithdrawn':
      return { ...base, summary: 'Retiró su consentimiento para registrar su frecuencia cardiaca' };
    case 'MaxHeartRateRaised':
      return { ...base, summary: `Frecuencia cardiaca máxima subida de ${m.data.previousMaxHr} a ${m.data.maxHr} LPM tras una sesión` };
    case 'MaxHeartRateMeasured':
      return {
        ...base,
        summary:
          m.data.maxHr === null ? 'Volvió a la frecuencia cardiaca máxima estimada' : `Registró su frecuencia cardiaca máxima medida: ${m.data.maxHr} LPM`,
      };
    case 'TimerPresetSaved':
      return { ...base, summary: `Guardó el temporizador «${m.data.preset.name}»` };
    case 'TimerPresetDeleted':
      return { ...base, summary: 'Eliminó uno de sus temporizadores' };
    case 'ChallengeJoined':
      return { ...base, summary: `Se unió al reto de ${challengeMonthText(m.data.month)} (meta: ${m.data.target} ${CHALLENGE_GOAL_UNITS[m.data.goalType]})` };
    case 'ChallengeLeaderboardPreferenceUpdated':
      return {
        ...base,
        summary: m.data.visible ? `Aparece en la clasificación de retos como «${m.data.label}»` : 'Dejó de aparecer en la clasificación de retos',
      };
    case 'HeartRateDataDeleted':
      return { ...base, summary: 'Eliminó sus datos de frecuencia cardiaca guardados' };
    case 'EmailPreferenceChanged':
      return {
        ...base,
        summary: `${m.data.subscribed ? 'Volvió a suscribirse a' : 'Dejó de recibir'} los correos «${EMAIL_TOPIC_LABELS[m.data.topic]?.label ?? m.data.topic}»`,
      };
    case 'MemberDataErased':
      return {
        ...base,
        summary: `El personal borró sus datos personales${m.data.requestId ? ` (solicitud ${m.data.requestId})` : ''}: su nombre, correo, medidas y textos se leen «[borrado]»`,
      };
    case 'TrainingScheduleSet': {
      const days = ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'];
      const weekdays = m.data.weekdays.map((day) => days[day - 1] ?? String(day)).join(', ');
      return { ...base, summary: `Eligió entrenar ${weekdays} a las ${m.data.time} (recordatorio ${m.data.reminderOffsetMin} min antes)` };
    }
    case 'StudioClassAttended':
      return {
        ...base,
        workoutId: 'studio-class',
        workoutTitle: m.data.className,
        durationSec: m.data.durationSec,
        localDate: m.data.localDate,
        summary: `Asistió a la clase «${m.data.className}» (${m.data.slot}) con sensor en la pantalla del estudio`,
        // Absent once the member deleted their heart-rate data (ADR 0144).
        ...(m.data.heartRate ? { heartRate: heartRateInWords(m.data.heartRate) } : {}),
      };
    case 'StudioBoardNameChosen':
      return {
        ...base,
        summary: m.data.showName
          ? 'Eligió aparecer con su nombre en la pantalla del estudio'
          : 'Eligió aparecer solo con sus iniciales en la pantalla del estudio',
      };
    case 'ConsentGiven':
      return { ...base, summary: `Dio su consentimiento «${consentKindOf(m.data.kind)?.label ?? m.data.kind}» (aviso ${m.data.noticeVersion})` };
    case 'ConsentWithdrawn':
      return { ...base, summary: `Retiró su consentimiento «${consentKindOf(m.data.kind)?.label ?? m.data.kind}»` };
    case 'MembershipSold':
    case 'MembershipPurchaseConfirmed': {
      const classes = m.data.classes === null ? 'clases ilimitadas' : `${m.data.classes} ${m.data.classes === 1 ? 'clase' : 'clases'}`;
      const shared =
        m.data.sharedWith.length > 0 ? `, compartida con ${m.data.sharedWith.length} ${m.data.sharedWith.length === 1 ? 'persona' : 'personas'}` : '';
      const how = m.type === 'MembershipSold' ? 'Compró en recepción' : 'Compró con enlace de pago';
      return {
        ...base,
        summary: `${how} la membresía ${m.data.planTitle} (${classes}${shared}) hasta el ${m.data.validUntil}, $${m.data.payment.amountUsd} (${m.data.payment.method}${m.data.payment.reference ? ` ${m.data.payment.reference}` : ''})`,
      };
    }
    case 'MembershipRenewed':
      return {
        ...base,
        summary: `Renovó su membresía hasta el ${m.data.validUntil}${m.data.classesAdded === null ? '' : ` (+${m.data.classesAdded} clases, quedan ${m.data.classesLeft})`}, $${m.data.payment.amountUsd}`,
      };
    case 'MembershipExpired':
      return {
        ...base,
        summary:
          m.data.reason === 'ended'
            ? `Venció su membresía (último día ${m.data.validUntil})${m.data.classesLeft ? `; no usó ${m.data.classesLeft} ${m.data.classesLeft === 1 ? 'clase' : 'clases'}` : ''}`
            : 'Su membresía anterior terminó al comprar otro plan',
      };
    case 'MembershipFrozen':
      return { ...base, summary: `Membresía congelada desde el ${m.data.from}` };
    case 'MembershipUnfrozen':
      return {
        ...base,
        summary: `Membresía descongelada tras ${m.data.frozenDays} ${m.data.frozenDays === 1 ? 'día' : 'días'}: vigente hasta el ${m.data.validUntil}`,
      };
    case 'ClassCreditUsed':
      return { ...base, summary: `Usó una clase de su membresía${m.data.classesLeft === null ? '' : ` (quedan ${m.data.classesLeft})`}` };
    case 'ClassCreditReturned':
      return { ...base, summary: `Se le devolvió una clase${m.data.classesLeft === null ? '' : ` (quedan ${m.data.classesLeft})`}` };
    default:
      return base;
  }
}
