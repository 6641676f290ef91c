import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The kinds of email a member may stop receiving, in one closed list (ADR 0142). Each is
 * subscribed until the member says otherwise: no `EmailPreferenceChanged` for a topic means
 * subscribed. A new topic is added here and nowhere else (labels included).
 */
export const EMAIL_TOPICS = ['performance-summary', 'workout-reminders'] as const;

export type EmailTopic = (typeof EMAIL_TOPICS)[number];

/** Every topic starts subscribed. */
export const SUBSCRIBED_BY_DEFAULT = true;

export function isEmailTopic(value: unknown): value is EmailTopic {
  return typeof value === 'string' && (EMAIL_TOPICS as readonly string[]).includes(value);
}

/** How the member reads each topic: the profile's switch, and what the opt-out page says they will no longer get. */
export const EMAIL_TOPIC_LABELS: Record<EmailTopic, { label: string; noLonger: string }> = {
  'performance-summary': {
    label: 'Resumen de rendimiento después de cada entrenamiento',
    noLonger: 'el resumen de rendimiento después de cada entrenamiento',
  },
  'workout-reminders': {
    label: 'Recordatorios de entrenamiento',
    noLonger: 'los recordatorios de entrenamiento',
  },
};

/** The preference of every topic, defaults filled in, in the order of `EMAIL_TOPICS`. */
export function preferencesOf(changed: ReadonlyMap<string, boolean>): { topic: EmailTopic; subscribed: boolean }[] {
  return EMAIL_TOPICS.map((topic) => ({ topic, subscribed: changed.get(topic) ?? SUBSCRIBED_BY_DEFAULT }));
}

export const EMAIL_PREFERENCE_MESSAGES = {
  unknownTopic: `El tipo de correo no existe. Usa uno de: ${EMAIL_TOPICS.join(', ')}.`,
  invalidLink: 'El enlace para dejar de recibir correos no es válido. Cámbialo desde tu perfil, en la sección Correos.',
} as const;

/**
 * The one-click opt-out token of an email: who and which topic, signed with HMAC-SHA256 so it
 * works without signing in and cannot be edited into another member's or topic's. It does not
 * expire: an opt-out link in an old email must keep working, and all it can do is stop mail.
 * Shape: `<userId base64url>.<topic>.<signature base64url>`.
 */
export function signOptOutToken(secret: string, userId: string, topic: EmailTopic): string {
  return `${Buffer.from(userId, 'utf8').toString('base64url')}.${topic}.${signature(secret, userId, topic)}`;
}

/** The member and topic a token names, or null when it was not signed with `secret` (tampered, truncated, made up). */
export function verifyOptOutToken(secret: string, token: string): { userId: string; topic: EmailTopic } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [encodedUser, topic, given] = parts;
  if (!isEmailTopic(topic) || !/^[A-Za-z0-9_-]+$/.test(encodedUser) || !/^[A-Za-z0-9_-]+$/.test(given)) return null;
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
  if (userId === '' || Buffer.from(userId, 'utf8').toString('base64url') !== encodedUser) return null;
  // Compared as the text the email carries, not as decoded bytes: base64url's last character has
  // spare bits, so a decoding comparison let a token edited there through (as the user id's check does not).
  const expected = Buffer.from(signature(secret, userId, topic), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { userId, topic };
}

function signature(secret: string, userId: string, topic: EmailTopic): string {
  return createHmac('sha256', secret).update(`pulso-email-opt-out:${userId}:${topic}`).digest('base64url');
}

export interface EmailFooter {
  text: string;
  html: string;
}

/** The footer every email of a topic ends with: why they get it, the one-click opt-out and where to change it. */
export function emailFooter(topic: EmailTopic, optOutUrl: string, profileUrl: string, studioName: string): EmailFooter {
  const { noLonger } = EMAIL_TOPIC_LABELS[topic];
  const text = [
    '—',
    `Recibes este correo porque tienes una cuenta en ${studioName}.`,
    `Para dejar de recibir ${noLonger}, abre: ${optOutUrl}`,
    `Elige qué correos recibir en tu perfil: ${profileUrl}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e3e7ee;color:#5b6475;font-size:12px;line-height:1.6">Recibes este correo porque tienes una cuenta en ${e(studioName)}.<br><a href="${e(optOutUrl)}" style="color:#1466c3">Dejar de recibir ${e(noLonger)}</a> · <a href="${e(profileUrl)}" style="color:#1466c3">Elegir qué correos recibir</a></p>`;
  return { text, html };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
