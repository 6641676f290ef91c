import type { HeartRateSummary } from './heart-rate.rules';
import { minutesOf, performanceSummaryMail, spanishLongDate, type PerformanceSummaryDetails } from './performance-summary.mail';

const summary: HeartRateSummary = {
  avgBpm: 158,
  maxBpm: 181,
  secondsInZone: [30, 120, 600, 900, 45],
  secondsAtBadgeIntensity: 800,
  points: 95,
  kcal: 412.6,
  badge: true,
  samples: 1695,
  recovery1MinBpm: null,
};

const details = (overrides: Partial<PerformanceSummaryDetails> = {}): PerformanceSummaryDetails => ({
  to: 'ana@example.com',
  firstName: 'Ana',
  workoutTitle: 'Fuerza <total> & core',
  localDate: '2026-11-24',
  durationSec: 1710,
  summary,
  studioName: 'Pulso',
  progressUrl: 'https://pulso.sv/training/progress',
  footer: { text: 'FOOTER-TEXT', html: '<p>FOOTER-HTML</p>' },
  ...overrides,
});

describe('performance summary mail', () => {
  it('formats the studio date in Spanish and minutes by the members pages rule', () => {
    expect(spanishLongDate('2026-11-24')).toBe('martes, 24 de noviembre de 2026');
    expect(minutesOf(1710)).toBe('29 min');
    expect(minutesOf(20)).toBe('1 min');
    expect(minutesOf(0)).toBe('0 min');
  });

  it('carries every figure, the badge and each zone by name, and ends with the footer', () => {
    const mail = performanceSummaryMail(details());
    expect(mail).toMatchObject({
      kind: 'performance-summary',
      to: 'ana@example.com',
      subject: 'Tu resumen de rendimiento: Fuerza <total> & core, 95 Puntos Pulso',
    });
    expect(mail.text).toContain('Fecha: martes, 24 de noviembre de 2026');
    expect(mail.text).toContain('Duración: 29 min');
    expect(mail.text).toContain('Ganaste la insignia de la sesión: 12 minutos o más al 84 %');
    expect(mail.text).toContain('- Suave: <1 min\n- Ligera: 2 min\n- Moderada: 10 min\n- Intensa: 15 min\n- Máxima: <1 min');
    expect(mail.text).toContain('Calorías: 413 kcal');
    expect(mail.text).not.toContain('Recuperación');
    expect(mail.text.endsWith('FOOTER-TEXT')).toBe(true);
    expect(mail.html).toContain('Fuerza &lt;total&gt; &amp; core');
    expect(mail.html).toContain('Insignia de la sesión');
    expect(mail.html).toContain('<p>FOOTER-HTML</p>');
  });

  it('leaves out what was not measured and greets without a name', () => {
    const mail = performanceSummaryMail(details({ firstName: '', summary: { ...summary, kcal: null, badge: false, avgBpm: null, recovery1MinBpm: 28 } }));
    expect(mail.text.startsWith('¡Buen trabajo!\n')).toBe(true);
    expect(mail.text).not.toContain('Calorías');
    expect(mail.text).not.toContain('insignia');
    expect(mail.text).toContain('FC media: -- lpm');
    expect(mail.text).toContain('Recuperación (1 min): 28 lpm');
  });
});
