import type { MailMessage } from '../../infrastructure/mail/mail.port';
import type { RecordedMembershipPayment } from '../members/member.events';

/** The receipt's kind in the outbox and in `email_sends` (sent once per receipt id). */
export const MEMBERSHIP_RECEIPT = 'membership-receipt';

export interface MembershipReceiptDetails {
  to: string;
  firstName: string;
  receiptId: string;
  planTitle: string;
  renewal: boolean;
  /** Null when unlimited. */
  classes: number | null;
  people: number;
  validFrom: string | null;
  validUntil: string;
  payment: RecordedMembershipPayment;
  studioName: string;
  membershipUrl: string;
}

const METHOD_LABELS: Record<RecordedMembershipPayment['method'], string> = {
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  transferencia: 'Transferencia',
  'enlace-de-pago': 'Enlace de pago',
  cortesia: 'Cortesía',
};

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** '2026-12-28' → '28 de diciembre de 2026'. */
export function spanishDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} de ${MONTHS[month - 1]} de ${year}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The receipt of a membership sale, payment-link purchase or renewal, to the holder's address; not a topic one can opt out of. */
export function membershipReceiptMail(details: MembershipReceiptDetails): MailMessage {
  const classes = details.classes === null ? 'Clases ilimitadas' : `${details.classes} ${details.classes === 1 ? 'clase' : 'clases'}`;
  const shared = details.people > 1 ? ` para ${details.people} personas` : '';
  const amount = `$${details.payment.amountUsd.toFixed(2)}`;
  const subject = details.renewal ? `Recibo: renovaste tu membresía ${details.planTitle}` : `Recibo: tu membresía ${details.planTitle}`;
  const rows: [string, string][] = [
    ['Plan', details.planTitle],
    [details.renewal ? 'Clases añadidas' : 'Clases', `${classes}${shared}`],
    ...(details.validFrom ? ([['Desde', spanishDate(details.validFrom)]] as [string, string][]) : []),
    ['Vigente hasta', spanishDate(details.validUntil)],
    ['Modalidad', details.payment.billing === 'recurring' ? 'Renovación automática' : 'Pago único'],
    ['Método de pago', METHOD_LABELS[details.payment.method]],
    ...(details.payment.reference ? ([['Referencia', details.payment.reference]] as [string, string][]) : []),
    ['Total', `${amount} USD`],
    ['N.º de recibo', details.receiptId],
  ];
  const greeting = details.firstName ? `¡Gracias, ${details.firstName}!` : '¡Gracias!';
  const intro = details.renewal ? 'Registramos la renovación de tu membresía.' : 'Registramos tu membresía. Ya puedes reservar tus clases.';
  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `Consulta tus clases y tu vigencia en tu perfil: ${details.membershipUrl}`,
    '',
    `Equipo ${details.studioName}`,
  ].join('\n');
  const e = escapeHtml;
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 0;color:#5b6475">${e(label)}</td><td style="padding:6px 0;text-align:right;font-weight:bold">${e(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="es"><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1b2130">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0b0f17;color:#ffffff;padding:24px 28px;font-size:22px;font-weight:bold;letter-spacing:2px">${e(details.studioName.toUpperCase())}</td></tr>
<tr><td style="padding:28px">
<p style="font-size:18px;margin:0 0 12px">${e(greeting)}</p>
<p style="margin:0 0 20px">${e(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${table}</table>
<p style="margin:24px 0 0"><a href="${e(details.membershipUrl)}" style="display:inline-block;background:#1466c3;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">Ver mi membresía</a></p>
</td></tr></table></td></tr></table></body></html>`;
  return { kind: MEMBERSHIP_RECEIPT, to: details.to, subject, text, html };
}
