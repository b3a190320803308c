/** "(555) 123-4567" as the digits are typed (docs/product.md#new-buyer-form). */
export function formatPhoneInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const phoneDigits = (input: string): string => input.replace(/\D/g, '');

export function formatPhoneDisplay(digits: string | null | undefined): string {
  return digits ? formatPhoneInput(digits) : '';
}

/** Login sends the email without spaces and in lower case (docs/product.md#login-fields). */
export const normalizeEmail = (email: string): string => email.replace(/\s+/g, '').toLowerCase();

export const STATES = ['AZ', 'ID', 'NV', 'UT'] as const;
export const STATE_NAMES: Record<(typeof STATES)[number], string> = { AZ: 'Arizona', ID: 'Idaho', NV: 'Nevada', UT: 'Utah' };

/** A US ZIP code: 5 digits or ZIP+4 (the API checks the same); empty clears it. */
export const ZIP_CODE = /^\s*(\d{5}(-\d{4})?)?\s*$/;
export const ZIP_CODE_MESSAGE = 'Enter a 5-digit ZIP code, or ZIP+4 like 85013-1234.';
