import type { MailMessage } from '../../infrastructure/mail/mail.port';
import type { EmailFooter } from '../email-preferences/email-preferences.rules';

export const WORKOUT_REMINDER_KIND = 'workout-reminder';

export interface WorkoutReminder {
  to: string;
  /** As the identity token last gave it; empty greets without a name. */
  firstName: string;
  /** `HH:MM`, local. */
  time: string;
  /** True when the training day is tomorrow (an early-morning time with a long offset). */
  tomorrow: boolean;
  workoutTitle: string;
  position: number | undefined;
  plan: { title: string; total: number } | null;
  publicUrl: string;
  /** The 'workout-reminders' footer (ADR 0142): why they get it and the signed one-click opt-out. */
  footer: EmailFooter;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** The reminder email, in Spanish, in text and HTML, always ending with the opt-out footer. */
export function workoutReminderMail(reminder: WorkoutReminder): MailMessage {
  const when = `${reminder.tomorrow ? 'Mañana' : 'Hoy'} a las ${reminder.time}`;
  const place = reminder.plan && reminder.position ? ` (entrenamiento ${reminder.position} de ${reminder.plan.total} de «${reminder.plan.title}»)` : '';
  const training = `${reminder.publicUrl}/training`;
  const calendar = `${reminder.publicUrl}/training/calendario`;
  const greeting = reminder.firstName ? `¡Hola, ${reminder.firstName}!` : '¡Hola!';
  const text = [
    greeting,
    '',
    `${when} te toca «${reminder.workoutTitle}»${place}.`,
    '',
    `Empieza desde Pulso: ${training}`,
    `Tu calendario: ${calendar}`,
    '',
    reminder.footer.text,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(when)} te toca <strong>${escapeHtml(reminder.workoutTitle)}</strong>${escapeHtml(place)}.</p>`,
    `<p><a href="${escapeHtml(training)}">Empieza desde Pulso</a> · <a href="${escapeHtml(calendar)}">Tu calendario</a></p>`,
    reminder.footer.html,
  ].join('\n');
  return { kind: WORKOUT_REMINDER_KIND, to: reminder.to, subject: `${when}: ${reminder.workoutTitle}`, text, html };
}
