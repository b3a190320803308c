import type { RecordedEvent } from '@escrow/domain';

import type { BulkReplay, BulkSink } from './bulk-replay';

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
