import type { MailMessage } from '../../infrastructure/mail/mail.port';

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** '2026-12-28' → '28 de diciembre'. */
function spanishDay(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} de ${MONTHS[month - 1]}`;
}

/** The kinds in the outbox and in `email_sends` (sent once per booking id). */
export const CLASS_WAITLIST_PROMOTION = 'class-waitlist-promotion';
export const CLASS_REMINDER = 'class-reminder';

export interface ClassMailDetails {
  to: string;
  firstName: string;
  className: string;
  date: string;
  startTime: string;
  studioName: string;
  address: string;
  classesUrl: string;
}

function message(kind: string, details: ClassMailDetails, subject: string, lines: string[]): MailMessage {
  const greeting = details.firstName ? `Hola, ${details.firstName}:` : 'Hola:';
  const text = [
    greeting,
    '',
    ...lines,
    '',
    `${details.className}, ${spanishDay(details.date)} a las ${details.startTime}.`,
    details.address,
    '',
    `Tus reservas: ${details.classesUrl}`,
    '',
    `Equipo ${details.studioName}`,
  ].join('\n');
  return { kind, to: details.to, subject, text };
}

/** A freed seat went to the member from the waitlist. */
export function waitlistPromotionMail(details: ClassMailDetails): MailMessage {
  return message(CLASS_WAITLIST_PROMOTION, details, `Tienes lugar en ${details.className}`, [
    'Se liberó un lugar y pasaste de la lista de espera a la clase. Ya tienes tu lugar reservado.',
    'Si no puedes venir, cancela desde tus reservas para que otra persona lo aproveche.',
  ]);
}

/** The reminder some hours before the class. */
export function classReminderMail(details: ClassMailDetails): MailMessage {
  return message(CLASS_REMINDER, details, `Recordatorio: ${details.className} a las ${details.startTime}`, ['Te esperamos en tu clase.']);
}
