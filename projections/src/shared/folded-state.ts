import type { RecordedEvent } from '@escrow/domain';

import type { BulkReplay, BulkSink } from '../runner/projector';
import type { ProjectionContext } from '../runner/projector';
import type { BulkInsert, RowSet } from './table-rows';

export { type BulkInsert, columns } from './table-rows';

/**
 * Read models that are a pure view of a stream's folded domain state: the projector loads the
 * state of every stream a batch touches (one query), applies the domain's own `evolve` in
 * memory, and rewrites each touched stream's rows once, in bulk. Rebuilds and live updates run
 * the same `evolve` and write the same rows (`rowsOf`); the read side can never disagree with
 * the rules about what the state is.
 */
export interface FoldedStateStore<TState> {
  /** Loads the stored states of these keys (missing keys: never seen). */
  load(context: ProjectionContext, keys: number[]): Promise<Map<number, TState>>;
  /**
   * Replaces everything stored for these keys by the rows of their new states; `stored` holds the
   * states they had before the batch (as `load` answered), so a store may rewrite only what changed.
   */
  save(context: ProjectionContext, states: Map<number, TState>, stored: ReadonlyMap<number, TState>): Promise<void>;
  /** Every row of these states, table by table (states never started write nothing). */
  rowsOf(states: readonly TState[]): RowSet[];
  /** Deletes the rows these states wrote, by each table's primary key (a rebuild's fresh tables have no other index yet). */
  removeWritten(context: ProjectionContext, states: readonly TState[]): Promise<void>;
}

export interface FoldOptions<TState, TEvent> {
  keyOf: (event: RecordedEvent) => number;
  initial: TState;
  /** `recorded` is the event as stored, for what a read model keeps from its metadata (the domain's evolve never sees it). */
  evolve: (state: TState, event: TEvent, recorded: RecordedEvent) => TState;
  store: FoldedStateStore<TState>;
}

const asDomainEvent = <TEvent>(event: RecordedEvent): TEvent => ({ type: event.type, data: event.data }) as TEvent;

export async function applyFolded<TState, TEvent>(events: RecordedEvent[], context: ProjectionContext, options: FoldOptions<TState, TEvent>): Promise<void> {
  const keys = [...new Set(events.map(options.keyOf))];
  const stored = await options.store.load(context, keys);
  const states = new Map(stored);
  for (const event of events) {
    const key = options.keyOf(event);
    states.set(key, options.evolve(states.get(key) ?? options.initial, asDomainEvent<TEvent>(event), event));
  }
  await options.store.save(context, states, stored);
}

/**
 * A rebuild of a folded read model: every stream's state stays in memory while its stream is
 * active and is written out (with COPY) once it has gone quiet, or early when the process nears
 * its memory limit. A stream that speaks again after being written out is read back from the
 * fresh tables and its rows are written again when it next goes quiet. Memory stays bounded by
 * the streams active at once, and most rows are written exactly once.
 */
export class FoldedReplay<TState, TEvent> implements BulkReplay {
  /** In order of each stream's latest event: the quietest first. */
  private readonly held = new Map<number, { state: TState; lastSeen: number }>();
  private readonly writtenOut = new Set<number>();

  constructor(
    private readonly sink: BulkSink,
    private readonly options: FoldOptions<TState, TEvent>,
  ) {}

  async add(events: RecordedEvent[], seen: number): Promise<void> {
    const { keyOf, evolve, initial, store } = this.options;
    const returning = [...new Set(events.map(keyOf))].filter((key) => !this.held.has(key) && this.writtenOut.has(key));
    if (returning.length > 0) {
      await this.sink.flush();
      const states = await store.load(this.sink.context, returning);
      await store.removeWritten(this.sink.context, [...states.values()]);
      for (const [key, state] of states) {
        this.held.set(key, { state, lastSeen: seen });
        this.writtenOut.delete(key);
      }
    }
    let position = seen - events.length;
    for (const event of events) {
      position++;
      const key = keyOf(event);
      const entry = this.held.get(key);
      const state = evolve(entry ? entry.state : initial, asDomainEvent<TEvent>(event), event);
      if (entry) this.held.delete(key); // set again below: the map stays ordered by latest event
      this.held.set(key, { state, lastSeen: position });
    }
    await this.writeOutQuiet(seen);
  }

  async finish(): Promise<void> {
    await this.writeOut([...this.held.keys()]);
  }

  private async writeOutQuiet(seen: number): Promise<void> {
    const quietBefore = seen - this.sink.limits.quietEvents;
    // Near the memory limit the quieter half goes too, whether or not its streams are done.
    let early = process.memoryUsage.rss() > this.sink.limits.memoryBytes ? Math.ceil(this.held.size / 2) : 0;
    const keys: number[] = [];
    for (const [key, entry] of this.held) {
      if (entry.lastSeen >= quietBefore && early <= 0) break;
      keys.push(key);
      early--;
    }
    await this.writeOut(keys);
  }

  private async writeOut(keys: number[]): Promise<void> {
    if (keys.length === 0) return;
    const states: TState[] = [];
    for (const key of keys) {
      states.push(this.held.get(key)!.state);
      this.held.delete(key);
      this.writtenOut.add(key);
    }
    await this.sink.copy(this.options.store.rowsOf(states));
  }
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
