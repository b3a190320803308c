import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

import { copyLines, type RowSet } from '../shared/table-rows';

interface TableBuffer {
  columns: string;
  chunks: string[];
  bytes: number;
  /** The COPY of this table's previous chunk: one at a time per table, in order. */
  writing: Promise<void>;
}

/**
 * Rows for many tables, written with COPY in chunks of a few megabytes. Each chunk is its own
 * statement on its own pooled connection, committed on its own, and runs while the caller goes
 * on preparing the next rows: PostgreSQL ingests on one core while Node folds on the other.
 */
export class CopyWriter {
  private readonly tables = new Map<string, TableBuffer>();
  private failure: Error | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly chunkBytes = 4 * 1024 * 1024,
  ) {}

  /** Queues a row set for a physical table; starts its COPY once a chunk is full. */
  async add(physicalTable: string, set: RowSet): Promise<void> {
    this.throwIfFailed();
    if (set.items.length === 0) return;
    let buffer = this.tables.get(physicalTable);
    if (!buffer) {
      buffer = { columns: set.rows.columns.map(([name]) => name).join(', '), chunks: [], bytes: 0, writing: Promise.resolve() };
      this.tables.set(physicalTable, buffer);
    }
    const text = copyLines(set);
    buffer.chunks.push(text);
    buffer.bytes += text.length;
    if (buffer.bytes >= this.chunkBytes) await this.startCopy(physicalTable, buffer);
  }

  /** Writes every queued row and waits until PostgreSQL has them all. */
  async flush(): Promise<void> {
    for (const [table, buffer] of this.tables) if (buffer.bytes > 0) await this.startCopy(table, buffer);
    await Promise.all([...this.tables.values()].map((b) => b.writing));
    this.throwIfFailed();
  }

  private async startCopy(table: string, buffer: TableBuffer): Promise<void> {
    const chunks = buffer.chunks;
    buffer.chunks = [];
    buffer.bytes = 0;
    // Back-pressure: Node never runs more than one chunk per table ahead of PostgreSQL.
    await buffer.writing;
    this.throwIfFailed();
    buffer.writing = this.copy(table, buffer.columns, chunks).catch((error: Error) => {
      this.failure ??= error;
    });
  }

  private async copy(table: string, columns: string, chunks: string[]): Promise<void> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await pipeline(Readable.from(chunks), client.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN`)));
    } catch (error) {
      broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}
