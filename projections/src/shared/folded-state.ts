import type { RecordedEvent } from '@escrow/domain';

import type { ProjectionContext } from '../runner/projector';

/**
 * Read models that are a pure view of a stream's folded domain state: the projector loads the
 * state of every stream a batch touches (one query), applies the domain's own `evolve` in
 * memory, and rewrites each touched stream's rows once, in bulk. Rebuilds and live updates run
 * the same code; the read side can never disagree with the rules about what the state is.
 */
export interface FoldedStateStore<TState> {
  /** Loads the stored states of these keys (missing keys: never seen). */
  load(context: ProjectionContext, keys: number[]): Promise<Map<number, TState>>;
  /** Replaces everything stored for these keys by the rows of their new states. */
  save(context: ProjectionContext, states: Map<number, TState>): Promise<void>;
}

export async function applyFolded<TState, TEvent>(
  events: RecordedEvent[],
  context: ProjectionContext,
  options: {
    keyOf: (event: RecordedEvent) => number;
    initial: TState;
    evolve: (state: TState, event: TEvent) => TState;
    store: FoldedStateStore<TState>;
  },
): Promise<void> {
  const keys = [...new Set(events.map(options.keyOf))];
  const states = await options.store.load(context, keys);
  for (const event of events) {
    const key = options.keyOf(event);
    states.set(key, options.evolve(states.get(key) ?? options.initial, { type: event.type, data: event.data } as TEvent));
  }
  await options.store.save(context, states);
}

/** Column arrays for `INSERT … SELECT * FROM unnest(…)`: one statement for many rows. */
export function columns<T>(rows: T[], pick: (row: T) => unknown[]): unknown[][] {
  const width = rows.length > 0 ? pick(rows[0]!).length : 0;
  const out: unknown[][] = Array.from({ length: width }, () => []);
  for (const row of rows) pick(row).forEach((value, i) => out[i]!.push(value));
  return out;
}

/** Runs a bulk `INSERT … SELECT * FROM unnest(…)` for the rows; nothing when there are none. */
export async function insertRows<T>(context: ProjectionContext, sql: string, rows: T[], pick: (row: T) => unknown[]): Promise<void> {
  if (rows.length === 0) return;
  await context.query(sql, columns(rows, pick));
}

export interface BulkInsert {
  /** `INSERT … SELECT * FROM unnest($1, $2, …)`, numbered from $1. */
  sql: string;
  /** Its column arrays (see `columns`). */
  columns: unknown[][];
}

/**
 * Several bulk inserts in one statement, as data-modifying CTEs: one round trip however many
 * tables a batch writes. Parts without rows are left out.
 */
export async function insertAll(context: ProjectionContext, parts: BulkInsert[]): Promise<void> {
  const used = parts.filter((part) => (part.columns[0]?.length ?? 0) > 0);
  if (used.length === 0) return;
  const params: unknown[] = [];
  const ctes = used.map((part, i) => {
    const offset = params.length;
    params.push(...part.columns);
    return `i${i} AS (${part.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  await context.query(`WITH ${ctes.join(', ')} SELECT 1`, params);
}
