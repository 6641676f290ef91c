import type { MailMessage } from '../../infrastructure/mail/mail.port';

export interface ConfirmationDetails {
  to: string;
  name: string;
  date: string;
  time: string;
  className: string;
  studioName: string;
  address: string;
  contactPhone: string;
  contactEmail: string;
  /** The signed link that cancels this booking (`FreeClassCancelLinks`). */
  cancelUrl: string;
}

/** 'martes 24 de noviembre de 2026' for a `YYYY-MM-DD` date, independent of the server's zone. */
export function spanishLongDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('es-SV', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const WHAT_TO_BRING = ['Ropa y zapatos deportivos cómodos', 'Una botella de agua', 'Una toalla pequeña'];

/** The Spanish confirmation of a free class: date, slot, class, address and what to bring. */
export function freeClassConfirmationMail(details: ConfirmationDetails): MailMessage {
  const longDate = spanishLongDate(details.date);
  const subject = `Tu clase gratis en ${details.studioName}: ${longDate}, ${details.time}`;
  const text = [
    `¡Hola, ${details.name}!`,
    '',
    `Tu clase gratis en ${details.studioName} está confirmada.`,
    '',
    `Clase: ${details.className}`,
    `Fecha: ${longDate}`,
    `Horario: ${details.time}`,
    `Dirección: ${details.address}`,
    '',
    'Qué traer:',
    ...WHAT_TO_BRING.map((item) => `- ${item}`),
    '',
    'Llega 10 minutos antes: te colocamos el sensor de frecuencia cardiaca y te explicamos cómo leer tu pantalla durante la clase.',
    '',
    `¿No puedes venir? Cancela tu clase y libera tu lugar (podrás reservar otro horario): ${details.cancelUrl}`,
    '',
    `¿Dudas? Escríbenos a ${details.contactEmail} o llámanos al ${details.contactPhone}.`,
    '',
    `Equipo ${details.studioName}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="es"><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1b2130">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0b0f17;color:#ffffff;padding:24px 28px;font-size:22px;font-weight:bold;letter-spacing:2px">${e(details.studioName.toUpperCase())}</td></tr>
<tr><td style="padding:28px">
<p style="font-size:18px;margin:0 0 12px">¡Hola, ${e(details.name)}!</p>
<p style="margin:0 0 20px">Tu clase gratis está confirmada.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-left:4px solid #1466c3;background:#f4f8fd">
<tr><td style="padding:14px 18px;line-height:1.7">
<strong>Clase:</strong> ${e(details.className)}<br><strong>Fecha:</strong> ${e(longDate)}<br><strong>Horario:</strong> ${e(details.time)}<br><strong>Dirección:</strong> ${e(details.address)}
</td></tr></table>
<p style="margin:20px 0 8px"><strong>Qué traer</strong></p>
<ul style="margin:0 0 20px;padding-left:20px">${WHAT_TO_BRING.map((item) => `<li>${e(item)}</li>`).join('')}</ul>
<p style="margin:0 0 20px">Llega 10 minutos antes: te colocamos el sensor de frecuencia cardiaca y te explicamos cómo leer tu pantalla durante la clase.</p>
<p style="margin:0 0 8px">¿No puedes venir? Cancela tu clase y libera tu lugar; podrás reservar otro horario.</p>
<p style="margin:0 0 20px"><a href="${e(details.cancelUrl)}" style="display:inline-block;padding:10px 18px;border:2px solid #1466c3;border-radius:8px;color:#1466c3;font-weight:bold;text-decoration:none">Cancelar mi clase gratis</a></p>
<p style="margin:0;color:#5b6475;font-size:14px">¿Dudas? Escríbenos a ${e(details.contactEmail)} o llámanos al ${e(details.contactPhone)}.</p>
</td></tr></table></td></tr></table></body></html>`;
  return { kind: 'free-class-confirmation', to: details.to, subject, text, html };
}
