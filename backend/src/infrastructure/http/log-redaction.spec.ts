import { randomBytes, randomUUID } from 'node:crypto';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('keeps the route, ids and slugs, and redacts every query value', () => {
    const id = randomUUID();
    expect(redactUrl(`/api/staff/members/${id}/timeline?before=42&limit=20`)).toBe(`/api/staff/members/${id}/timeline?before=[Redacted]&limit=[Redacted]`);
    expect(redactUrl('/api/staff/members?q=ana.martinez%40example.com')).toBe('/api/staff/members?q=[Redacted]');
    expect(redactUrl('/api/media/ejercicio-sentadilla/thumbnail')).toBe('/api/media/ejercicio-sentadilla/thumbnail');
    expect(redactUrl('/api/email-preferences/workout-reminders')).toBe('/api/email-preferences/workout-reminders');
    expect(redactUrl('/api/progress')).toBe('/api/progress');
  });

  it('redacts the calendar feed token whatever follows it, and any token-like or address-like segment', () => {
    const token = randomBytes(32).toString('base64url');
    expect(redactUrl(`/api/calendar/${token}.ics`)).toBe('/api/calendar/[Redacted]');
    expect(redactUrl(`/api/calendar/${token}.icss?x=1`)).toBe('/api/calendar/[Redacted]?x=[Redacted]');
    expect(redactUrl(`/api/unknown/${token}`)).toBe('/api/unknown/[Redacted]');
    expect(redactUrl(`/api/unknown/${randomBytes(32).toString('hex')}.json`)).toBe('/api/unknown/[Redacted].json');
    expect(redactUrl('/api/unknown/ana%40example.com')).toBe('/api/unknown/[Redacted]');
    // A value sent without its name is a value too.
    expect(redactUrl('/correo/baja?ana@example.com')).toBe('/correo/baja?[Redacted]=[Redacted]');
  });
});
