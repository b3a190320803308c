import type { RecordedEvent } from '@escrow/domain';

import type { RowSet } from '../shared/table-rows';

/** What a projector may do inside the transaction of one batch. */
export interface ProjectionContext {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /**
   * Physical, quoted name of one of the projector's tables. It differs while a rebuild writes
   * into fresh tables, so projectors must never spell their table names directly.
   */
  table(name: string): string;
  readonly rebuilding: boolean;
}

/**
 * A named, versioned read-model writer. Bump `version` when what it writes changes: the runner
 * then rebuilds it from the start. Its tables use natural keys or identity columns (never
 * serial) and no foreign keys, so a rebuild can copy their shape with CREATE TABLE ... LIKE.
 */
export interface Projector {
  readonly name: string;
  readonly version: number;
  readonly tables: readonly string[];
  /** Event types it applies; the checkpoint moves past all others too. */
  readonly handles: readonly string[];
  /** Applies handled events, in global order, inside the batch's transaction. */
  apply(events: RecordedEvent[], context: ProjectionContext): Promise<void>;
  /** A rebuild's fast path (see BulkReplay); without one a rebuild replays through `apply`. */
  bulkReplay?(sink: BulkSink): BulkReplay;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** What a rebuild may hold in memory while it replays. */
export interface ReplayLimits {
  /** Resident memory of the process above which held stream states are written out early. */
  memoryBytes: number;
  /** A stream's state is written out once this many events of the global order passed without one of its own. */
  quietEvents: number;
}

/**
 * Where a projector's rebuild writes: rows handed over here reach its fresh tables with COPY,
 * in large chunks, each committed on its own (a rebuild never holds a transaction open for
 * long: that would hold back every reader of the global order in the cluster).
 */
export interface BulkSink {
  /** Queues rows for the projector's fresh tables. */
  copy(sets: readonly RowSet[]): Promise<void>;
  /** Writes out every queued row: needed before rows already handed over are read back or deleted. */
  flush(): Promise<void>;
  /** Statements on the projector's fresh tables, each committed on its own. */
  readonly context: ProjectionContext;
  readonly limits: ReplayLimits;
}

/**
 * A projector's fast path through a rebuild: it sees the whole replay in global order and may
 * keep what it folds in memory across pages, writing each row about once instead of once per
 * page that touches it. A projector without one is replayed through its `apply`.
 */
export interface BulkReplay {
  /** The projector's events of the next page; `seen` counts every event of the replay so far, this page's included. */
  add(events: RecordedEvent[], seen: number): Promise<void>;
  /** Writes out whatever it still holds. */
  finish(): Promise<void>;
}
