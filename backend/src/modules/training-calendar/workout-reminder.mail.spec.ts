import { workoutReminderMail, type WorkoutReminder } from './workout-reminder.mail';

const REMINDER: WorkoutReminder = {
  to: 'ana@example.com',
  firstName: 'Ana',
  time: '18:00',
  tomorrow: false,
  workoutTitle: 'Fuerza <total> & core',
  position: 4,
  plan: { title: 'Arranque Pulso', total: 6 },
  publicUrl: 'https://pulso.sv',
  footer: {
    text: '—\nPara dejar de recibir recordatorios, abre: https://pulso.sv/correo/baja?token=t',
    html: '<p><a href="https://pulso.sv/correo/baja?token=t">Dejar de recibir</a></p>',
  },
};

describe('the workout reminder email', () => {
  it('says when, what and where in the plan, links to the app and ends with the opt-out footer', () => {
    const mail = workoutReminderMail(REMINDER);
    expect(mail).toMatchObject({ kind: 'workout-reminder', to: 'ana@example.com', subject: 'Hoy a las 18:00: Fuerza <total> & core' });
    expect(mail.text).toBe(
      [
        '¡Hola, Ana!',
        '',
        'Hoy a las 18:00 te toca «Fuerza <total> & core» (entrenamiento 4 de 6 de «Arranque Pulso»).',
        '',
        'Empieza desde Pulso: https://pulso.sv/training',
        'Tu calendario: https://pulso.sv/training/calendario',
        '',
        REMINDER.footer.text,
      ].join('\n'),
    );
    expect(mail.html).toContain('<strong>Fuerza &lt;total&gt; &amp; core</strong>');
    expect(mail.html!.endsWith(REMINDER.footer.html)).toBe(true);
  });

  it('speaks of tomorrow for an early training reminded the evening before, and greets without a name', () => {
    const mail = workoutReminderMail({ ...REMINDER, firstName: '', tomorrow: true, time: '05:30', plan: null, position: undefined });
    expect(mail.subject).toBe('Mañana a las 05:30: Fuerza <total> & core');
    expect(mail.text.split('\n').slice(0, 3)).toEqual(['¡Hola!', '', 'Mañana a las 05:30 te toca «Fuerza <total> & core».']);
  });
});
