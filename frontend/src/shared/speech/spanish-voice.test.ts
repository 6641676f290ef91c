import { pickSpanishVoice, type VoiceInfo } from './spanish-voice';

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
