import { AsyncLocalStorage } from 'node:async_hooks';

import { Client } from 'pg';

interface Trace {
  /** Queries each connection was waiting on, by connection. */
  pending: Map<Client, number>;
  roundTrips: number;
  statements: string[];
  streamsRead: string[];
}

const traces = new AsyncLocalStorage<Trace>();
let installed = false;

/**
 * Counts what `work` costs in round trips to PostgreSQL: every query of its own async context
 * (not the projectors' or other requests') through any pg client of the process (the pools, TypeORM). A query sent on a
 * pipelined connection while an earlier one there is still unanswered rides on that round trip;
 * every other query is a round trip of its own, even when several run at once on different
 * connections (each costs its own write and wakes its own backend). `streamsRead` names the
 * event streams it read, once per read.
 */
export async function countRoundTrips<T>(work: () => Promise<T>): Promise<{ result: T; roundTrips: number; statements: string[]; streamsRead: string[] }> {
  if (!installed) {
    installed = true;
    const original = Client.prototype.query as (...args: unknown[]) => unknown;
    Client.prototype.query = function (this: Client & { pipeline?: boolean }, ...args: unknown[]) {
      const trace = traces.getStore();
      const first = args[0] as string | { text?: string; name?: string };
      // The event store's coalesced NOTIFY (one per 5 ms, whatever the number of appends) is not any one request's.
      if (!trace || (typeof first === 'object' && first?.name === 'escrow_notify_from')) return original.apply(this, args);
      const waiting = trace.pending.get(this) ?? 0;
      if (!(this.pipeline && waiting > 0)) trace.roundTrips++;
      trace.statements.push(typeof first === 'string' ? first : (first?.name ?? first?.text ?? '?'));
      if (typeof first === 'object' && first?.name === 'escrow_read_stream') trace.streamsRead.push(String((first as { values?: unknown[] }).values?.[0]));
      trace.pending.set(this, waiting + 1);
      const done = () => trace.pending.set(this, (trace.pending.get(this) ?? 1) - 1);
      const answer = original.apply(this, args);
      if (answer && typeof (answer as Promise<unknown>).then === 'function') (answer as Promise<unknown>).then(done, done);
      else done();
      return answer;
    } as typeof Client.prototype.query;
  }
  const trace: Trace = { pending: new Map(), roundTrips: 0, statements: [], streamsRead: [] };
  const result = await traces.run(trace, work);
  return { result, roundTrips: trace.roundTrips, statements: trace.statements, streamsRead: trace.streamsRead };
}
