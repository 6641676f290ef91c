/**
 * Phone numbers as the studio writes them ("+503 7012-3456"), for what leaves the API as text for
 * people: the desk's CSV of free-class bookings. Stored numbers are E.164 ("+50370123456"). The SPA
 * writes them by the same rule (frontend/src/shared/lib/phone-format.ts).
 */
const EIGHT_DIGIT_CODES = ['502', '503', '504', '505', '506', '507'];

export function formatPhone(phone: string): string {
  const compact = phone.replace(/[\s().-]/g, '');
  if (!/^\+\d{8,15}$/.test(compact)) return phone.trim();
  const digits = compact.slice(1);
  const central = EIGHT_DIGIT_CODES.find((code) => digits.startsWith(code) && digits.length === code.length + 8);
  if (central) return `+${central} ${digits.slice(3, 7)}-${digits.slice(7)}`;
  if (digits.startsWith('1') && digits.length === 11) return `+1 ${digits.slice(1, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
  return compact;
}
