/**
 * Phones are stored as their 10 digits. Any format is accepted on input ("(555) 123-4567",
 * "555.123.4567", "+1 555 123 4567"); null when it does not hold exactly 10 digits (after an
 * optional leading country code 1).
 */
export function normalizePhone(input: unknown): string | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  let digits = String(input).replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/** "(555) 123-4567", the format the screens show (docs/product.md#new-buyer-form). */
export function formatPhone(digits: string | null): string | null {
  if (!digits || digits.length !== 10) return digits;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function normalizeEmail(input: unknown): string {
  return typeof input === 'string' ? input.replace(/\s+/g, '').toLowerCase() : '';
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}
