import { EMAIL_TOPIC_LABELS, EMAIL_TOPICS, emailFooter, isEmailTopic, preferencesOf, signOptOutToken, verifyOptOutToken } from './email-preferences.rules';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const USER = 'user_2abcDEF';

describe('email topics', () => {
  it('is a closed list of two topics, both with a Spanish label', () => {
    expect(EMAIL_TOPICS).toEqual(['performance-summary', 'workout-reminders']);
    expect(EMAIL_TOPIC_LABELS['performance-summary'].label).toBe('Resumen de rendimiento después de cada entrenamiento');
    expect(EMAIL_TOPIC_LABELS['workout-reminders'].label).toBe('Recordatorios de entrenamiento');
  });

  it('knows only its topics', () => {
    expect(isEmailTopic('performance-summary')).toBe(true);
    expect(isEmailTopic('newsletter')).toBe(false);
    expect(isEmailTopic(undefined)).toBe(false);
  });

  it('given no choice, every topic is subscribed', () => {
    expect(preferencesOf(new Map())).toEqual([
      { topic: 'performance-summary', subscribed: true },
      { topic: 'workout-reminders', subscribed: true },
    ]);
  });

  it('given an opt-out of one topic, only that one is unsubscribed; unknown topics are ignored', () => {
    expect(
      preferencesOf(
        new Map([
          ['workout-reminders', false],
          ['newsletter', false],
        ]),
      ),
    ).toEqual([
      { topic: 'performance-summary', subscribed: true },
      { topic: 'workout-reminders', subscribed: false },
    ]);
  });
});

describe('opt-out tokens', () => {
  it('verify with the secret they were signed with, naming the member and the topic', () => {
    const token = signOptOutToken(SECRET, USER, 'performance-summary');
    expect(verifyOptOutToken(SECRET, token)).toEqual({ userId: USER, topic: 'performance-summary' });
  });

  it('are URL-safe', () => {
    expect(signOptOutToken(SECRET, 'ü/ñ+?=&', 'workout-reminders')).toMatch(/^[A-Za-z0-9_-]+\.workout-reminders\.[A-Za-z0-9_-]+$/);
  });

  it('refuse another secret', () => {
    expect(verifyOptOutToken(`${SECRET}-other`, signOptOutToken(SECRET, USER, 'performance-summary'))).toBeNull();
  });

  it('refuse a token edited to another topic or member', () => {
    const [user, , signature] = signOptOutToken(SECRET, USER, 'performance-summary').split('.');
    expect(verifyOptOutToken(SECRET, `${user}.workout-reminders.${signature}`)).toBeNull();
    const other = Buffer.from('user_other', 'utf8').toString('base64url');
    expect(verifyOptOutToken(SECRET, `${other}.performance-summary.${signature}`)).toBeNull();
  });

  it('refuse a truncated, altered or malformed token', () => {
    const token = signOptOutToken(SECRET, USER, 'performance-summary');
    expect(verifyOptOutToken(SECRET, token.slice(0, -2))).toBeNull();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(verifyOptOutToken(SECRET, `${token.slice(0, -1)}${last}`)).toBeNull();
    expect(verifyOptOutToken(SECRET, '')).toBeNull();
    expect(verifyOptOutToken(SECRET, 'a.b')).toBeNull();
    expect(verifyOptOutToken(SECRET, `${token}.extra`)).toBeNull();
    expect(verifyOptOutToken(SECRET, `.performance-summary.${token.split('.')[2]}`)).toBeNull();
  });

  it('refuse every other last character of the signature, even one that decodes to the same bytes', () => {
    // base64url's last character of a 32-byte signature carries 4 bits and 2 spare ones.
    const token = signOptOutToken(SECRET, USER, 'performance-summary');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const edited = [...alphabet].filter((char) => char !== token.at(-1)).map((char) => `${token.slice(0, -1)}${char}`);
    expect(edited).toHaveLength(63);
    // Some of them decode to the signature's very bytes: comparing bytes would have let them through.
    expect(edited.some((candidate) => Buffer.from(candidate.split('.')[2], 'base64url').equals(Buffer.from(token.split('.')[2], 'base64url')))).toBe(true);
    for (const candidate of edited) expect(verifyOptOutToken(SECRET, candidate)).toBeNull();
  });
});

describe('email footer', () => {
  it('says what the link stops and links to the profile, in text and escaped HTML', () => {
    const footer = emailFooter('performance-summary', 'https://pulso.sv/correo/baja?token=a&b', 'https://pulso.sv/training/profile', 'Pulso <SV>');
    expect(footer.text).toContain(
      'Para dejar de recibir el resumen de rendimiento después de cada entrenamiento, abre: https://pulso.sv/correo/baja?token=a&b',
    );
    expect(footer.text).toContain('https://pulso.sv/training/profile');
    expect(footer.html).toContain('href="https://pulso.sv/correo/baja?token=a&amp;b"');
    expect(footer.html).toContain('Pulso &lt;SV&gt;');
    expect(footer.html).toContain('Dejar de recibir el resumen de rendimiento después de cada entrenamiento');
  });
});
