import type { Socket } from 'node:net';

import { Pool, type PoolClient, type PoolConfig, type QueryConfig } from 'pg';

interface Gathered {
  config: QueryConfig;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

/** How many pipelined connections the pool keeps beside its ordinary ones. */
const PIPELINED_CONNECTIONS = 8;

/**
 * The application's pool, able to send several independent queries in one round trip. Every
 * round trip costs these machines a context switch to the backend it wakes (the largest item of
 * the API's profile, docs/performance.md), so a command sends what it knows from its request at
 * once: `together(start)` gathers the queries that `start` issues before its first await (each
 * caller, through its own `pool.query`: the access check in the read models, the stream's tail
 * read in the event store adapter, neither aware of the other) and writes them to one
 * connection in pipeline mode (node-postgres' `pipeline` option) in one write, each with its own
 * Sync: each is its own implicit transaction, and one that fails fails alone. Everything else
 * goes through the ordinary pool, unchanged.
 */
export class PipeliningPool extends Pool {
  private gathering: Gathered[] | null = null;
  private pipelined: Pool | null = null;

  constructor(private readonly config: PoolConfig) {
    super(config);
  }

  together<T>(start: () => T): T {
    if (this.gathering) return start(); // inside another together: the outer one sends them
    const gathered: Gathered[] = [];
    this.gathering = gathered;
    try {
      return start();
    } finally {
      this.gathering = null;
      this.send(gathered);
    }
  }

  // The promise form with a config object or text and values is gathered; callbacks and
  // submittables (cursors, COPY streams) always go through the ordinary pool.
  override query(...args: unknown[]): never {
    const [first, second] = args;
    const gathering = this.gathering;
    if (gathering && args.length <= 2 && typeof args[args.length - 1] !== 'function' && !(first as { submit?: unknown }).submit) {
      const config: QueryConfig = typeof first === 'string' ? { text: first, values: second as unknown[] } : (first as QueryConfig);
      return new Promise((resolve, reject) => gathering.push({ config, resolve, reject })) as never;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), this.pipelined?.end()]);
  }

  private send(gathered: Gathered[]): void {
    if (gathered.length === 0) return;
    if (gathered.length === 1) {
      const [only] = gathered;
      (super.query(only!.config) as Promise<unknown>).then(only!.resolve, only!.reject);
      return;
    }
    this.pipelined ??= this.pipelinedPool();
    this.pipelined.connect().then(
      (client) => {
        const stream = (client as PoolClient & { connection?: { stream?: Socket } }).connection?.stream;
        // Each query corks its own messages; corking around all of them makes one write.
        stream?.cork();
        const answers = gathered.map(({ config, resolve, reject }) => client.query(config).then(resolve, reject));
        stream?.uncork();
        void Promise.all(answers).finally(() => client.release());
      },
      (error: unknown) => gathered.forEach(({ reject }) => reject(error)),
    );
  }

  private pipelinedPool(): Pool {
    const pool = new Pool({ ...this.config, max: PIPELINED_CONNECTIONS, pipeline: true } as PoolConfig);
    pool.on('error', (error) => this.emit('error', error));
    pool.on('connect', (client) => client.on('error', () => undefined));
    return pool;
  }
}

/** Runs `start` so that the queries it sends before its first await share one round trip (when the pool can). */
export function inOneRoundTrip<T>(pool: Pool, start: () => T): T {
  return pool instanceof PipeliningPool ? pool.together(start) : start();
}
