import type { MailMessage } from '../../infrastructure/mail/mail.port';
import type { EmailFooter } from '../email-preferences/email-preferences.rules';
import { HEART_RATE_ZONES, SESSION_BADGE, type HeartRateSummary } from './heart-rate.rules';

/** The topic and the mail's kind in the outbox (ADR 0143). */
export const PERFORMANCE_SUMMARY = 'performance-summary';

export interface PerformanceSummaryDetails {
  to: string;
  /** Empty when the identity provider gave none. */
  firstName: string;
  workoutTitle: string;
  /** The studio day of the session, `YYYY-MM-DD`. */
  localDate: string;
  durationSec: number;
  summary: HeartRateSummary;
  studioName: string;
  /** Where the member sees their history. */
  progressUrl: string;
  footer: EmailFooter;
}

/** 'martes 24 de noviembre de 2026' for a `YYYY-MM-DD` date, whatever the server's zone. */
export function spanishLongDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('es-SV', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
}

/** The members' pages' one rule for minutes (ADR 0151): nearest minute, at least 1 for anything trained. */
export function minutesOf(seconds: number): string {
  return `${seconds <= 0 ? 0 : Math.max(1, Math.round(seconds / 60))} min`;
}

/** A zone's time as the completion modal shows it: "<1 min" for a few seconds, never nothing. */
function zoneTime(seconds: number): string {
  if (seconds === 0) return '0 min';
  return seconds < 60 ? '<1 min' : `${Math.round(seconds / 60)} min`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * "Resumen de rendimiento": the figures of the completion modal (docs/heart-rate.md) for one
 * session, in text and in HTML like the other member emails, ending with the topic's footer.
 */
export function performanceSummaryMail(details: PerformanceSummaryDetails): MailMessage {
  const { summary } = details;
  const date = spanishLongDate(details.localDate);
  const duration = minutesOf(details.durationSec);
  const zones = HEART_RATE_ZONES.map((zone, index) => ({ name: zone.name, color: zone.color, seconds: summary.secondsInZone[index] ?? 0 }));
  const figures: [string, string][] = [
    ['FC media', `${summary.avgBpm ?? '--'} lpm`],
    ['FC máxima', `${summary.maxBpm ?? '--'} lpm`],
    ...(summary.kcal !== null ? ([['Calorías', `${Math.round(summary.kcal)} kcal`]] as [string, string][]) : []),
    ...(summary.recovery1MinBpm !== null ? ([['Recuperación (1 min)', `${summary.recovery1MinBpm} lpm`]] as [string, string][]) : []),
  ];
  const greeting = details.firstName ? `¡Buen trabajo, ${details.firstName}!` : '¡Buen trabajo!';
  const badge = summary.badge
    ? `Ganaste la insignia de la sesión: ${SESSION_BADGE.minutes} minutos o más al ${SESSION_BADGE.minPct} % de tu FC máxima o por encima.`
    : null;
  const subject = `Tu resumen de rendimiento: ${details.workoutTitle}, ${summary.points} Puntos Pulso`;

  const text = [
    greeting,
    '',
    `Este es el resumen de tu entrenamiento «${details.workoutTitle}».`,
    '',
    `Fecha: ${date}`,
    `Duración: ${duration}`,
    `Puntos Pulso: ${summary.points}`,
    ...(badge ? [badge] : []),
    '',
    'Tiempo en cada zona:',
    ...zones.map((zone) => `- ${zone.name}: ${zoneTime(zone.seconds)}`),
    '',
    ...figures.map(([label, value]) => `${label}: ${value}`),
    '',
    `Mira tu historial en ${details.progressUrl}`,
    '',
    `Equipo ${details.studioName}`,
    '',
    details.footer.text,
  ].join('\n');

  const e = escapeHtml;
  const total = zones.reduce((sum, zone) => sum + zone.seconds, 0);
  const bar =
    total > 0
      ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-radius:6px;overflow:hidden;margin:0 0 12px"><tr>${zones
          .filter((zone) => zone.seconds > 0)
          .map(
            (zone) =>
              `<td style="background:${zone.color};height:12px;font-size:0;line-height:0" width="${((zone.seconds / total) * 100).toFixed(1)}%">&nbsp;</td>`,
          )
          .join('')}</tr></table>`
      : '';
  const zoneRows = zones
    .map(
      (zone) =>
        `<tr><td style="padding:4px 0"><span style="display:inline-block;width:10px;height:10px;border-radius:50%;background:${zone.color};margin-right:8px"></span>${e(zone.name)}</td><td style="padding:4px 0;text-align:right;font-weight:bold">${zoneTime(zone.seconds)}</td></tr>`,
    )
    .join('');
  const figureCell = ([label, value]: [string, string]) =>
    `<td width="50%" style="padding:10px 6px;text-align:center;background:#f4f8fd;border-radius:8px"><div style="font-size:12px;color:#5b6475;text-transform:uppercase;letter-spacing:0.5px">${e(label)}</div><div style="font-size:18px;font-weight:bold;margin-top:4px">${e(value)}</div></td>`;
  // Two figures a row: readable on a phone as on a computer.
  const figureRows: string[] = [];
  for (let index = 0; index < figures.length; index += 2) {
    const pair = figures.slice(index, index + 2);
    figureRows.push(`<tr>${figureCell(pair[0])}${pair[1] ? figureCell(pair[1]) : '<td width="50%"></td>'}</tr>`);
  }
  const figureTable = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:12px 0 0;border-collapse:separate;border-spacing:8px">${figureRows.join('')}</table>`;
  const html = `<!doctype html><html lang="es"><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1b2130">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0b0f17;color:#ffffff;padding:24px 28px;font-size:22px;font-weight:bold;letter-spacing:2px">${e(details.studioName.toUpperCase())}</td></tr>
<tr><td style="padding:28px">
<p style="font-size:18px;margin:0 0 12px">${e(greeting)}</p>
<p style="margin:0 0 20px">Este es el resumen de tu entrenamiento.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-left:4px solid #1466c3;background:#f4f8fd">
<tr><td style="padding:14px 18px;line-height:1.7">
<strong>Entrenamiento:</strong> ${e(details.workoutTitle)}<br><strong>Fecha:</strong> ${e(date)}<br><strong>Duración:</strong> ${e(duration)}
</td></tr></table>
<p style="margin:24px 0 4px;text-align:center"><span style="font-size:44px;font-weight:bold;color:#1466c3">${summary.points}</span><br><span style="font-size:14px;color:#5b6475;text-transform:uppercase;letter-spacing:1px">Puntos Pulso</span></p>
${badge ? `<p style="margin:8px 0 0;text-align:center"><span style="display:inline-block;background:#fff4e5;color:#9a4b00;border-radius:999px;padding:6px 14px;font-weight:bold">Insignia de la sesión</span></p><p style="margin:8px 0 0;text-align:center;color:#5b6475;font-size:13px">${e(badge)}</p>` : ''}
<p style="margin:24px 0 8px"><strong>Tiempo en cada zona</strong></p>
${bar}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${zoneRows}</table>
${figureTable}
<p style="margin:24px 0 0"><a href="${e(details.progressUrl)}" style="display:inline-block;background:#1466c3;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">Ver mi progreso</a></p>
${details.footer.html}
</td></tr></table></td></tr></table></body></html>`;
  return { kind: PERFORMANCE_SUMMARY, to: details.to, subject, text, html };
}
