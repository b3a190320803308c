/** A date and time as people read it here ("Nov 26, 2026, 4:05 PM"); an empty one as "—". */
export function formatWhen(at: string | null | undefined): string {
  if (!at) return '—';
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A security-log kind ("totp_enrolled") in words ("Totp enrolled" → "TOTP enrolled"). */
export function kindInWords(kind: string): string {
  const words = kind.replace(/[_.]+/g, ' ').trim();
  return (words.charAt(0).toUpperCase() + words.slice(1)).replace(/\btotp\b/gi, 'TOTP').replace(/\bip\b/gi, 'IP');
}
