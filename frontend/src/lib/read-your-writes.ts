/**
 * Read your writes (docs/design.md#read-your-writes): every command answers with the global position it appended at
 * (X-Escrow-Position); the newest one this page holds goes with every request
 * (X-Escrow-Read-After), and the API waits until its read models have passed it before
 * answering. When it could not wait long enough it says so (X-Escrow-Stale) and the page shows
 * "Updating…" and asks again shortly, instead of silently showing what was there before.
 */
let newest: { commit: bigint; prepare: bigint; text: string } | null = null;

function parse(text: string): { commit: bigint; prepare: bigint; text: string } | null {
  const match = /^(\d{1,20})\/(\d{1,20})$/.exec(text);
  return match ? { commit: BigInt(match[1]!), prepare: BigInt(match[2]!), text } : null;
}

/** Keeps the newest position an answer carried. */
export function notePosition(header: unknown): void {
  if (typeof header !== 'string') return;
  const position = parse(header);
  if (!position) return;
  if (!newest || position.commit > newest.commit || (position.commit === newest.commit && position.prepare > newest.prepare)) newest = position;
}

/** The position to send with the next request, if a command answered one. */
export function readAfter(): string | null {
  return newest?.text ?? null;
}

type Listener = (stale: boolean) => void;
const listeners = new Set<Listener>();

/** Whether the latest answer was given before the read models caught up. */
export function noteFreshness(stale: boolean): void {
  for (const listener of listeners) listener(stale);
}

export function onFreshness(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
