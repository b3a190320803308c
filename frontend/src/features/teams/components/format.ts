/** A date and time as the Team screens show it ("Nov 26, 2026, 10:14"); "—" for none. */
export function formatWhen(at: string | null | undefined): string {
  if (!at) return '—';
  return new Date(at).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function formatDay(at: string): string {
  return new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
