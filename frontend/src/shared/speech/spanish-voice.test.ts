import { createWebSpeechEngine, pickSpanishVoice, type VoiceInfo } from './spanish-voice';

const voice = (lang: string, name = lang, extra: Partial<VoiceInfo> = {}): VoiceInfo => ({ name, lang, localService: false, default: false, ...extra });

describe('the coach voice chosen on a device', () => {
  it('prefers a Latin-American Spanish voice over Spain’s', () => {
    expect(pickSpanishVoice([voice('es-ES'), voice('en-US'), voice('es-MX')])?.lang).toBe('es-MX');
    expect(pickSpanishVoice([voice('es-419'), voice('es-ES')])?.lang).toBe('es-419');
    expect(pickSpanishVoice([voice('es-MX'), voice('es-US')])?.lang).toBe('es-US');
  });

  it('takes any Spanish voice when there is no Latin-American one, however the tag is written', () => {
    expect(pickSpanishVoice([voice('en-GB'), voice('es_ES')])?.lang).toBe('es_ES');
    expect(pickSpanishVoice([voice('es-ES'), voice('es-AR')])?.lang).toBe('es-AR');
  });

  it('among equals, one that works offline, then the device default', () => {
    expect(pickSpanishVoice([voice('es-US', 'red'), voice('es-US', 'local', { localService: true })])?.name).toBe('local');
    expect(pickSpanishVoice([voice('es-MX', 'a'), voice('es-MX', 'b', { default: true })])?.name).toBe('b');
  });

  it('is none without a Spanish voice: no voice speaks Spanish cues in English', () => {
    expect(pickSpanishVoice([voice('en-US'), voice('pt-BR'), voice('esperanto', 'eo')])).toBeNull();
    expect(pickSpanishVoice([])).toBeNull();
  });
});

describe('the Web Speech engine', () => {
  class Utterance {
    lang = '';
    voice: VoiceInfo | null = null;
    volume = 1;
    constructor(public text: string) {}
  }

  function fakeSynth(voices: VoiceInfo[]) {
    const spoken: Utterance[] = [];
    const synth = {
      speaking: false,
      pending: false,
      cancel: vi.fn(),
      getVoices: () => voices,
      speak: (utterance: Utterance) => spoken.push(utterance),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    };
    return { synth, spoken };
  }

  beforeEach(() => vi.stubGlobal('SpeechSynthesisUtterance', Utterance));
  afterEach(() => vi.unstubAllGlobals());

  it('speaks in the chosen voice and its language, cutting off what was still being said', () => {
    const { synth, spoken } = fakeSynth([voice('en-US'), voice('es-US', 'Paulina')]);
    const engine = createWebSpeechEngine(synth as unknown as SpeechSynthesis);
    engine.speak('Mitad');
    synth.speaking = true;
    engine.speak('3');
    expect(spoken.map((utterance) => [utterance.text, utterance.voice?.name, utterance.lang])).toEqual([
      ['Mitad', 'Paulina', 'es-US'],
      ['3', 'Paulina', 'es-US'],
    ]);
    expect(synth.cancel).toHaveBeenCalledTimes(1);
  });

  it('a gesture speaks one silent utterance, once, so Safari speaks the cues that follow', () => {
    const { synth, spoken } = fakeSynth([voice('es-MX')]);
    const engine = createWebSpeechEngine(synth as unknown as SpeechSynthesis);
    engine.unlock();
    engine.unlock();
    expect(spoken.map((utterance) => [utterance.text, utterance.volume])).toEqual([['', 0]]);
  });

  it('without a Spanish voice it says nothing, and a browser without speech gets the silent engine', () => {
    const { synth, spoken } = fakeSynth([voice('en-US')]);
    const engine = createWebSpeechEngine(synth as unknown as SpeechSynthesis);
    engine.unlock();
    engine.speak('Mitad');
    expect(engine.voice()).toBeNull();
    expect(spoken).toEqual([]);
    expect(createWebSpeechEngine(undefined).voice()).toBeNull();
  });
});
