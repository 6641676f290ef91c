import { fireEvent, render, screen, within } from '@testing-library/react';
import { COACH_VOICE_KEY, readCoachVoice } from '../../shared/speech/coach-voice-preference';
import { CoachVoiceSection } from './coach-voice-section';

function stubSpeech(voices: { name: string; lang: string }[]) {
  const synth = {
    getVoices: () => voices.map((voice) => ({ ...voice, localService: true, default: false, voiceURI: voice.name })),
    speak: vi.fn(),
    cancel: vi.fn(),
    speaking: false,
    pending: false,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', class {});
}

describe("Mi Perfil: the coach's voice", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('is on by default; switching it off is kept on this device for the player', () => {
    stubSpeech([{ name: 'Paulina', lang: 'es-MX' }]);
    render(<CoachVoiceSection />);
    const section = within(screen.getByRole('region', { name: 'Voz del entrenador' }));
    const toggle = section.getByRole('switch', { name: 'Voz del entrenador' });
    expect(toggle).toBeChecked();
    expect(section.getByText('Se guarda en este dispositivo.')).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem(COACH_VOICE_KEY)).toBe('off');
    expect(readCoachVoice()).toBe(false);
    fireEvent.click(toggle);
    expect(readCoachVoice()).toBe(true);
  });

  it('on a device without a Spanish voice it says the beeps will play instead', () => {
    stubSpeech([{ name: 'Samantha', lang: 'en-US' }]);
    render(<CoachVoiceSection />);
    expect(screen.getByText(/no tiene una voz en español: escucharás los pitidos/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Voz del entrenador' })).toBeEnabled();
  });
});
