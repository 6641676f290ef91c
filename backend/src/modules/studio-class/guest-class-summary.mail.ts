import type { MailMessage } from '../../infrastructure/mail/mail.port';
import { HEART_RATE_ZONES, type HeartRateSummary } from '../heart-rate/heart-rate.rules';

/** The guest's summary in the outbox (ADR 0184). */
export const GUEST_CLASS_SUMMARY = 'studio-class-guest-summary';

export interface GuestClassSummaryDetails {
  to: string;
  firstName: string;
  className: string;
  /** 'martes 24 de noviembre de 2026'. */
  dateLabel: string;
  durationMin: number;
  summary: HeartRateSummary;
  studioName: string;
  /** The memberships page the email invites to. */
  membershipsUrl: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function zoneTime(seconds: number): string {
  if (seconds === 0) return '0 min';
  return seconds < 60 ? '<1 min' : `${Math.round(seconds / 60)} min`;
}

/**
 * A free-class guest's "Resumen de rendimiento" of their class with a lent sensor, sent to the
 * booking's address, with an invitation to the memberships page. Not a member email: no
 * preferences and no opt-out footer, one email per class and guest.
 */
export function guestClassSummaryMail(details: GuestClassSummaryDetails): MailMessage {
  const { summary } = details;
  const zones = HEART_RATE_ZONES.map((zone, index) => ({ name: zone.name, color: zone.color, seconds: summary.secondsInZone[index] ?? 0 }));
  const greeting = details.firstName ? `¡Gracias por entrenar con nosotros, ${details.firstName}!` : '¡Gracias por entrenar con nosotros!';
  const subject = `Tu resumen de rendimiento: ${details.className}, ${summary.points} Puntos Pulso`;
  const figures: [string, string][] = [
    ['FC media', `${summary.avgBpm ?? '--'} lpm`],
    ['FC máxima', `${summary.maxBpm ?? '--'} lpm`],
    ['Puntos Pulso', String(summary.points)],
  ];
  const text = [
    greeting,
    '',
    `Este es el resumen de tu clase gratis «${details.className}» (${details.dateLabel}, ${details.durationMin} min), medido con el sensor que te prestamos.`,
    '',
    ...figures.map(([label, value]) => `${label}: ${value}`),
    '',
    'Tiempo en cada zona:',
    ...zones.map((zone) => `- ${zone.name}: ${zoneTime(zone.seconds)}`),
    '',
    `Como miembro verías cada clase en tu historial, con tus Puntos Pulso y tus logros. Conoce las membresías: ${details.membershipsUrl}`,
    '',
    `Equipo ${details.studioName}`,
  ].join('\n');
  const e = escapeHtml;
  const rows = zones
    .map(
      (zone) =>
        `<tr><td style="padding:4px 0"><span style="display:inline-block;width:10px;height:10px;border-radius:50%;background:${zone.color};margin-right:8px"></span>${e(zone.name)}</td><td style="padding:4px 0;text-align:right;font-weight:bold">${zoneTime(zone.seconds)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="es"><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1b2130">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0b0f17;color:#ffffff;padding:24px 28px;font-size:22px;font-weight:bold;letter-spacing:2px">${e(details.studioName.toUpperCase())}</td></tr>
<tr><td style="padding:28px">
<p style="font-size:18px;margin:0 0 12px">${e(greeting)}</p>
<p style="margin:0 0 20px">Este es el resumen de tu clase gratis <strong>${e(details.className)}</strong> (${e(details.dateLabel)}, ${details.durationMin} min), medido con el sensor que te prestamos.</p>
<p style="margin:16px 0 4px;text-align:center"><span style="font-size:44px;font-weight:bold;color:#1466c3">${summary.points}</span><br><span style="font-size:14px;color:#5b6475;text-transform:uppercase;letter-spacing:1px">Puntos Pulso</span></p>
<p style="margin:16px 0 8px;text-align:center">FC media <strong>${summary.avgBpm ?? '--'} lpm</strong> · FC máxima <strong>${summary.maxBpm ?? '--'} lpm</strong></p>
<p style="margin:24px 0 8px"><strong>Tiempo en cada zona</strong></p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table>
<p style="margin:24px 0 8px">Como miembro verías cada clase en tu historial, con tus Puntos Pulso y tus logros.</p>
<p style="margin:16px 0 0"><a href="${e(details.membershipsUrl)}" style="display:inline-block;background:#1466c3;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">Conoce las membresías</a></p>
</td></tr></table></td></tr></table></body></html>`;
  return { kind: GUEST_CLASS_SUMMARY, to: details.to, subject, text, html };
}
