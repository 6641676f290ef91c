/** Sensor contact as the Heart Rate Measurement flags report it (bits 1–2). */
export type SensorContact = 'unsupported' | 'lost' | 'detected';

export interface HeartRateMeasurement {
  bpm: number;
  contact: SensorContact;
  /** Cumulative energy expended in kilojoules, when the sensor sends it. */
  energyKj: number | null;
  /** Every R–R interval in the packet, in milliseconds (straps send 2–3 per second above 60 bpm). */
  rrMs: number[];
}

const HR_IS_UINT16 = 0x01;
const CONTACT_SUPPORTED = 0x04;
const CONTACT_DETECTED = 0x02;
const ENERGY_PRESENT = 0x08;
const RR_PRESENT = 0x10;

/**
 * Reads one Bluetooth Heart Rate Measurement (characteristic 0x2A37, little-endian:
 * flags, HR, [energy], [RR…]). A payload too short for the fields its flags announce
 * throws: it comes from a faulty sensor, and the caller drops it rather than showing a guess.
 * An odd trailing byte after the RR values is ignored, as it cannot hold a UINT16.
 */
export function parseHeartRateMeasurement(value: DataView): HeartRateMeasurement {
  const need = (bytes: number) => {
    if (value.byteLength < bytes) {
      throw new RangeError(`Medición de frecuencia cardiaca incompleta: ${value.byteLength} bytes, se esperaban ${bytes}`);
    }
  };
  need(1);
  const flags = value.getUint8(0);
  let offset = 1;

  let bpm: number;
  if (flags & HR_IS_UINT16) {
    need(offset + 2);
    bpm = value.getUint16(offset, true);
    offset += 2;
  } else {
    need(offset + 1);
    bpm = value.getUint8(offset);
    offset += 1;
  }

  const contact: SensorContact = !(flags & CONTACT_SUPPORTED) ? 'unsupported' : flags & CONTACT_DETECTED ? 'detected' : 'lost';

  let energyKj: number | null = null;
  if (flags & ENERGY_PRESENT) {
    need(offset + 2);
    energyKj = value.getUint16(offset, true);
    offset += 2;
  }

  const rrMs: number[] = [];
  if (flags & RR_PRESENT) {
    need(offset + 2);
    for (; offset + 2 <= value.byteLength; offset += 2) {
      rrMs.push((value.getUint16(offset, true) * 1000) / 1024);
    }
  }

  return { bpm, contact, energyKj, rrMs };
}
