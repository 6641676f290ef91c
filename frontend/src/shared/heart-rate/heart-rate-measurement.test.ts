import { parseHeartRateMeasurement } from './heart-rate-measurement';

const bytes = (...values: number[]) => new DataView(Uint8Array.from(values).buffer);

describe('parseHeartRateMeasurement', () => {
  it('reads an 8-bit HR with contact detected and one RR interval (16 48 00 04)', () => {
    expect(parseHeartRateMeasurement(bytes(0x16, 0x48, 0x00, 0x04))).toEqual({ bpm: 72, contact: 'detected', energyKj: null, rrMs: [1000] });
  });

  it('reads a 16-bit HR from a sensor without the contact feature (01 2C 01)', () => {
    expect(parseHeartRateMeasurement(bytes(0x01, 0x2c, 0x01))).toEqual({ bpm: 300, contact: 'unsupported', energyKj: null, rrMs: [] });
  });

  it('reads the energy expended in kJ after the HR (0E 96 10 00)', () => {
    expect(parseHeartRateMeasurement(bytes(0x0e, 0x96, 0x10, 0x00))).toEqual({ bpm: 150, contact: 'detected', energyKj: 16, rrMs: [] });
  });

  it.each([
    [0b000, 'unsupported'],
    [0b010, 'unsupported'],
    [0b100, 'lost'],
    [0b110, 'detected'],
  ] as const)('maps contact flags %i to %s', (flags, contact) => {
    expect(parseHeartRateMeasurement(bytes(flags, 60)).contact).toBe(contact);
  });

  it('keeps every RR interval in the packet, after a 16-bit HR and the energy', () => {
    // flags: UINT16 HR, energy, RR; HR 130; energy 0xFFFF (saturated); RR 512, 1024, 717 (1/1024 s).
    const measurement = parseHeartRateMeasurement(bytes(0x19, 0x82, 0x00, 0xff, 0xff, 0x00, 0x02, 0x00, 0x04, 0xcd, 0x02));
    expect(measurement).toEqual({ bpm: 130, contact: 'unsupported', energyKj: 65535, rrMs: [500, 1000, (717 * 1000) / 1024] });
  });

  it('ignores an odd trailing byte after the RR values', () => {
    expect(parseHeartRateMeasurement(bytes(0x10, 0x48, 0x00, 0x04, 0x07)).rrMs).toEqual([1000]);
  });

  it('ignores the reserved bits', () => {
    expect(parseHeartRateMeasurement(bytes(0xe0, 0x50))).toEqual({ bpm: 80, contact: 'unsupported', energyKj: null, rrMs: [] });
  });

  it.each([
    ['an empty payload', []],
    ['flags without a HR', [0x00]],
    ['a 16-bit HR cut short', [0x01, 0x2c]],
    ['announced energy missing', [0x08, 0x48, 0x10]],
    ['announced RR missing', [0x10, 0x48]],
    ['an RR cut to one byte', [0x10, 0x48, 0x00]],
  ])('throws on %s', (_name, payload) => {
    expect(() => parseHeartRateMeasurement(bytes(...payload))).toThrow(RangeError);
  });

  it('reads from a view into a larger buffer at its own offset', () => {
    const buffer = Uint8Array.from([0xaa, 0xaa, 0x00, 0x5a, 0xaa]).buffer;
    expect(parseHeartRateMeasurement(new DataView(buffer, 2, 2)).bpm).toBe(90);
  });
});
