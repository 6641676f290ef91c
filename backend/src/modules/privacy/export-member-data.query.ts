import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { addDays, localDateOf } from '../../shared/studio-day';
import { GetMemberChallenges } from '../challenges/get-member-challenges.query';
import { GetMemberClassHistory } from '../class-bookings/get-member-class-history.query';
import { GetEmailPreferences } from '../email-preferences/get-email-preferences.query';
import { ListFreeClassBookingsByEmail } from '../free-class-bookings/list-free-class-bookings-by-email.query';
import { GetHeartRateProfile } from '../heart-rate/get-heart-rate-profile.query';
import { ListTimerPresets } from '../interval-timer/list-timer-presets.query';
import { GetMembershipHistory } from '../memberships/get-membership-history.query';
import { GetMembership } from '../memberships/get-membership.query';
import { MemberContactsReadModel } from '../members/member-contacts.read-model';
import { GetMemberProfile } from '../members/get-member-profile.query';
import { ListEnrollments } from '../members/list-enrollments.query';
import type { ProgressRecordDto } from '../progress/dto/progress.dto';
import { GetProgressStats } from '../progress/get-progress-stats.query';
import { ListProgress } from '../progress/list-progress.query';
import { GetTrainingCalendar } from '../training-calendar/get-training-calendar.query';
import { GetConsents } from './get-consents.query';
import { ListMyRightsRequests } from './list-rights-requests.query';

/** A zip being written as it is read: the HTTP answer streams it (ADR 0193). */
export interface MemberDataExport {
  fileName: string;
  stream: Readable;
}

/** The member asks for their own data: whose comes from the token, never from the request. */
export class ExportMyData extends Query<MemberDataExport> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

/** Staff produce the same file for a request received at the desk. */
export class ExportMemberDataForStaff extends Query<MemberDataExport> {
  constructor(readonly userId: string) {
    super();
  }
}

export const EXPORT_MESSAGES = {
  memberNotFound: 'No hay datos de ese miembro en la plataforma.',
} as const;

/** Completions per page read from the history. */
const HISTORY_PAGE = 500;

const README = `Pulso — tus datos personales
============================

Este archivo contiene todo lo que la plataforma Pulso guarda sobre ti, generado en el momento
en que lo pediste (Ley para la Protección de Datos Personales, derechos de acceso y portabilidad).

- datos.json: tu perfil, tus consentimientos (con la versión del aviso y la fecha), tu perfil de
  frecuencia cardiaca, tus inscripciones a planes, tu historial de entrenamientos con el resumen
  de frecuencia cardiaca de cada sesión, tus logros y figuras, tus retos, tu calendario de
  entrenamiento, tus temporizadores, tus preferencias de correo, tu membresía (plan, clases que
  quedan y vigencia) y su historial (compras, renovaciones, vencimientos, congelamientos, clases
  usadas y devueltas), tus reservas de clases (clase, fecha, hora, estado, cuándo reservaste,
  cuándo hiciste check-in y si cancelaste tarde), las clases gratis reservadas con tu correo y
  tus solicitudes de derechos.
- historial.csv: tu historial de entrenamientos, una fila por sesión, para abrir en una hoja de cálculo.

Las lecturas segundo a segundo de cada sesión se descargan desde tu historial como archivo .fit.
Para corregir o borrar algo, envía una solicitud desde tu perfil (Privacidad y consentimientos) o
escríbenos: la información de contacto está en https://pulso.sv/privacidad.
`;

const CSV_HEADER = [
  'fecha',
  'dia_del_estudio',
  'entrenamiento',
  'plan',
  'duracion_seg',
  'fc_media_lpm',
  'fc_maxima_lpm',
  'segundos_zona_1',
  'segundos_zona_2',
  'segundos_zona_3',
  'segundos_zona_4',
  'segundos_zona_5',
  'puntos_pulso',
  'kcal',
];

/**
 * Everything the platform holds about one member (ADR 0193), read from the read models through
 * their queries (so a member's erased fields read there as erased read so here too), as a zip:
 * `datos.json`, `historial.csv` and a `LEEME.txt`.
 */
@QueryHandler(ExportMyData)
export class ExportMyDataHandler implements IQueryHandler<ExportMyData, MemberDataExport> {
  constructor(private readonly queryBus: QueryBus) {}

  execute({ user }: ExportMyData): Promise<MemberDataExport> {
    return exportMemberData(this.queryBus, user);
  }
}

@QueryHandler(ExportMemberDataForStaff)
export class ExportMemberDataForStaffHandler implements IQueryHandler<ExportMemberDataForStaff, MemberDataExport> {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly contacts: MemberContactsReadModel,
  ) {}

  async execute({ userId }: ExportMemberDataForStaff): Promise<MemberDataExport> {
    const contact = await this.contacts.contactOf(userId);
    if (!contact) throw new DomainError('not-found', EXPORT_MESSAGES.memberNotFound, { field: 'userId' });
    // The member's name beyond the first comes only with their token; the profile and history do not need it.
    return exportMemberData(this.queryBus, { userId, email: contact.email, firstName: contact.firstName, lastName: '', role: 'member', secondFactor: false });
  }
}

async function exportMemberData(queryBus: QueryBus, member: AuthUser): Promise<MemberDataExport> {
  const now = new Date();
  const today = localDateOf(now);
  const [
    profile,
    consents,
    heartRate,
    enrollments,
    stats,
    challenges,
    calendar,
    timers,
    emailPreferences,
    freeClassBookings,
    rightsRequests,
    history,
    membership,
    membershipHistory,
    classBookings,
  ] = await Promise.all([
    queryBus.execute(new GetMemberProfile(member)),
    queryBus.execute(new GetConsents(member)),
    queryBus.execute(new GetHeartRateProfile(member)),
    queryBus.execute(new ListEnrollments(member)),
    queryBus.execute(new GetProgressStats(member)),
    queryBus.execute(new GetMemberChallenges(member)),
    queryBus.execute(new GetTrainingCalendar(member, { from: addDays(today, -61), to: addDays(today, 30) })),
    queryBus.execute(new ListTimerPresets(member)),
    queryBus.execute(new GetEmailPreferences(member)),
    queryBus.execute(new ListFreeClassBookingsByEmail(member.email)),
    queryBus.execute(new ListMyRightsRequests(member)),
    wholeHistory(queryBus, member),
    queryBus.execute(new GetMembership(member.userId, now)),
    queryBus.execute(new GetMembershipHistory(member.userId)),
    queryBus.execute(new GetMemberClassHistory(member.userId)),
  ]);
  const data = {
    generatedAt: now.toISOString(),
    member: { userId: member.userId, email: member.email, firstName: member.firstName, lastName: member.lastName },
    profile: profile.user,
    consents: consents.consents,
    heartRate,
    enrollments: enrollments.enrollments,
    history,
    stats: stats.stats,
    challenges,
    trainingCalendar: calendar,
    timerPresets: timers.presets,
    emailPreferences: emailPreferences.preferences,
    membership: membership.membership,
    membershipHistory,
    classBookings,
    freeClassBookings,
    rightsRequests: rightsRequests.requests,
  };
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(README, 'utf8'), 'LEEME.txt', { mtime: now });
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`, 'utf8'), 'datos.json', { mtime: now });
  zip.addBuffer(Buffer.from(historyCsv(history), 'utf8'), 'historial.csv', { mtime: now });
  zip.end();
  return { fileName: `pulso-mis-datos-${today}.zip`, stream: zip.outputStream as Readable };
}

async function wholeHistory(queryBus: QueryBus, member: AuthUser): Promise<ProgressRecordDto[]> {
  const records: ProgressRecordDto[] = [];
  for (let offset = 0; ; offset += HISTORY_PAGE) {
    const page = await queryBus.execute(new ListProgress(member, HISTORY_PAGE, offset));
    records.push(...page.progress);
    if (!page.pagination.hasMore) return records;
  }
}

/** The history as CSV with a byte-order mark (Excel reads the accents); newest first, as the history page. */
export function historyCsv(history: readonly ProgressRecordDto[]): string {
  const lines = history.map((record) => {
    const heartRate = record.heartRate;
    return csvLine([
      record.completedAt,
      record.localDate,
      record.workoutId.title,
      record.planId?.title ?? '',
      record.durationSec,
      heartRate?.avgBpm ?? '',
      heartRate?.maxBpm ?? '',
      ...(heartRate ? heartRate.secondsInZone : ['', '', '', '', '']),
      heartRate?.points ?? '',
      heartRate?.kcal ?? '',
    ]);
  });
  return `\uFEFF${csvLine(CSV_HEADER)}${lines.join('')}`;
}

/** One CSV line; a field that could run as a spreadsheet formula is neutralised, as in the staff console's CSVs. */
function csvLine(values: readonly unknown[]): string {
  return `${values
    .map((value) => {
      let text = value === null || value === undefined ? '' : String(value);
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',')}\r\n`;
}
