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

/** A log entry's detail in words: text as it is, an object as "method: totp, browser: Chrome". */
export function detailInWords(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  if (typeof detail === 'string') return detail;
  if (typeof detail !== 'object') return String(detail);
  return Object.entries(detail as Record<string, unknown>)
    .filter(([, value]) => value !== null && value !== undefined && value !== '' && value !== false)
    .map(([key, value]) => {
      const name = key.replace(/_/g, ' ');
      if (value === true) return name;
      return `${name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    })
    .join(', ');
}
