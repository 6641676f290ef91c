import { useState } from 'react';
import { useCoachVoicePreference } from '../../shared/speech/coach-voice-preference';
import { createWebSpeechEngine, useSpanishVoice } from '../../shared/speech/spanish-voice';
import { Section } from '../../shared/ui/member-ui';

/**
 * The coach's voice in the workout player (ADR 0310): on or off, kept on this device like the
 * player's mute, so it needs no round trip and works offline at the gym.
 */
export function CoachVoiceSection() {
  const [on, setOn] = useCoachVoicePreference();
  const [engine] = useState(createWebSpeechEngine);
  const voice = useSpanishVoice(engine);

  return (
    <Section title="Voz del entrenador" headingId="profile-coach-voice">
      <p className="text-secondary">
        En tus entrenamientos, una voz en español te dice qué ejercicio sigue, cuándo vas por la mitad, el 3, 2, 1 antes de cada cambio y tus descansos. Sin
        ella, suenan los pitidos.
      </p>
      <div className="profile-email-switches">
        <label className="profile-email-switch">
          <input type="checkbox" role="switch" className="profile-email-switch__input" checked={on} onChange={(event) => setOn(event.target.checked)} />
          <span className="profile-email-switch__track" aria-hidden="true" />
          <span>Voz del entrenador</span>
        </label>
      </div>
      <p className="text-secondary small mt-2 mb-0">
        {voice ? 'Se guarda en este dispositivo.' : 'Se guarda en este dispositivo. Este dispositivo no tiene una voz en español: escucharás los pitidos.'}
      </p>
    </Section>
  );
}
