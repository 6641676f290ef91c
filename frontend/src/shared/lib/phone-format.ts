/**
 * Phone numbers as the studio writes them: "+503 7012-3456" (the footer's, the desk's bookings).
 * Numbers are stored in E.164 ("+50370123456", as the booking form sends them). Central America's
 * eight-digit numbers read in two groups of four after their country code; a North American one as
 * "+1 415-555-0123"; any other number keeps its digits as they came.
 */
const EIGHT_DIGIT_CODES = ['502', '503', '504', '505', '506', '507'];

export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const compact = phone.replace(/[\s().-]/g, '');
  if (!/^\+\d{8,15}$/.test(compact)) return phone.trim();
  const digits = compact.slice(1);
  const central = EIGHT_DIGIT_CODES.find((code) => digits.startsWith(code) && digits.length === code.length + 8);
  if (central) return `+${central} ${digits.slice(3, 7)}-${digits.slice(7)}`;
  if (digits.startsWith('1') && digits.length === 11) return `+1 ${digits.slice(1, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
  return compact;
}

/** The `tel:` link of a number written in any of those ways. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
