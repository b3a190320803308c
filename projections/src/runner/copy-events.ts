import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

import { type EventStore, formatPosition, type GlobalPosition, type NewEvent, parsePosition, type ReadAllPage, type RecordedEvent } from '@escrow/domain';

/** A store on one side of a copy, and words for it in messages and in the state file. */
export interface CopyEndpoint {
  store: EventStore;
  /** e.g. "postgres postgres://127.0.0.1:5432/escrow": says which store a state file belongs to (no passwords). */
  description: string;
}

export interface CopyProgress {
  copied: number;
  /** Events in the source, when it can count them (PostgreSQL); null for EventStoreDB. */
  total: number | null;
  eventsPerSecond: number;
}

export interface CopyOptions {
  /** Where the copy remembers how far it got: a crash or Ctrl-C resumes from there. */
  stateFile: string;
  batchSize?: number;
  onProgress?: (progress: CopyProgress) => void;
  /** Stops after the page being copied (Ctrl-C); the state file then says where to resume. */
  signal?: AbortSignal;
}

interface CopyState {
  version: 1;
  source: string;
  target: string;
  /** The source's global position the copy has passed. */
  after: string | null;
  copied: number;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

interface StreamSummary {
  events: number;
  /** sha-256 chained over every event of the stream in revision order: revision, id, type, data, metadata. */
  digest: string;
}

export interface VerifyResult {
  equal: boolean;
  source: { events: number; streams: number };
  target: { events: number; streams: number };
  /** Streams whose count or digest differ, or that one side lacks (at most 20 named). */
  differences: { streamId: string; source: StreamSummary | null; target: StreamSummary | null }[];
  differingStreams: number;
}

export interface CopyResult {
  copied: number;
  resumed: boolean;
  interrupted: boolean;
  verification: VerifyResult | null;
}

export class CopyRefusedError extends Error {}

/** The same value canonicalised: jsonb and EventStoreDB may reorder object keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function readState(file: string): CopyState | null {
  if (!existsSync(file)) return null;
  const state = JSON.parse(readFileSync(file, 'utf8')) as CopyState;
  if (state.version !== 1) throw new CopyRefusedError(`${file} is not a copy-events state file this version understands`);
  return state;
}

/** Written whole and renamed over the old one, flushed: a crash leaves the old or the new state, never half. */
function writeState(file: string, state: CopyState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(state, null, 2) + '\n');
  const fd = openSync(temporary, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/** How long a reader waits for events that have committed but are not yet readable in the global order. */
const HORIZON_WAIT_MS = 30_000;

/**
 * The global order from `after` to the end, page by page (only pages with events). PostgreSQL
 * shows an event in the global order once every transaction older than it has ended, anywhere in
 * the cluster: a reader that stopped at the first empty page would miss what committed just
 * before it while an unrelated transaction was open. The store's count of committed events,
 * taken at the start, says where the end is; the reader waits (bounded) until it has seen them.
 */
export async function* pagesToEnd(store: EventStore, after: GlobalPosition | null, batchSize: number): AsyncGenerator<ReadAllPage> {
  const committed = await store.countAfter(after);
  const deadline = Date.now() + HORIZON_WAIT_MS;
  let seen = 0;
  for (;;) {
    const page = await store.readAll({ after, limit: batchSize });
    after = page.lastPosition ?? after;
    seen += page.events.length;
    if (page.events.length > 0) yield page;
    if (page.hasMore) continue;
    if (committed === null || seen >= committed || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Consecutive events of one stream become one append: the global order is kept event for event. */
function runsOf(events: RecordedEvent[]): RecordedEvent[][] {
  const runs: RecordedEvent[][] = [];
  for (const event of events) {
    const last = runs[runs.length - 1];
    if (last && last[0]!.streamId === event.streamId && last[last.length - 1]!.revision + 1 === event.revision) last.push(event);
    else runs.push([event]);
  }
  return runs;
}

const asNewEvent = (e: RecordedEvent): NewEvent => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata });

/**
 * Copies every stream from one event store to another in the source's global order, with the
 * same event ids, types, data and metadata and the same revisions (each append expects the
 * revision the event had in the source, so nothing can interleave). After every page the
 * position passed is saved; a copy that crashed or was interrupted starts again from there, and
 * re-appending what the target already got is answered by the target as an idempotent retry
 * (same ids at the same revision). A fresh copy refuses a target that already holds events.
 * Ends with `verifyCopy`.
 */
export async function copyEvents(source: CopyEndpoint, target: CopyEndpoint, options: CopyOptions): Promise<CopyResult> {
  const batchSize = options.batchSize ?? 1000;
  const previous = readState(options.stateFile);
  if (previous && (previous.source !== source.description || previous.target !== target.description)) {
    throw new CopyRefusedError(
      `${options.stateFile} belongs to a copy from ${previous.source} to ${previous.target}, not from ${source.description} to ${target.description}. Name another --state file, or delete this one to start over.`,
    );
  }
  if (!previous) {
    // The head is what readers may see (below the read horizon); an event committed above it
    // (another transaction on the server still open) is counted too.
    const head = await target.store.headPosition();
    const held = head ? 1 : ((await target.store.countAfter(null)) ?? 0);
    if (held > 0) {
      const newest = head ? `the newest at ${formatPosition(head.position)}` : `${held} not yet readable: a transaction on that server is still open`;
      throw new CopyRefusedError(
        `The target (${target.description}) already holds events (${newest}). Copy into an empty store, or resume the copy that filled it with its --state file.`,
      );
    }
  }
  const now = () => new Date().toISOString();
  const state: CopyState = previous ?? {
    version: 1,
    source: source.description,
    target: target.description,
    after: null,
    copied: 0,
    startedAt: now(),
    updatedAt: now(),
    finishedAt: null,
  };
  if (!previous) writeState(options.stateFile, state);
  state.finishedAt = null;

  const total = await source.store.countAfter(null);
  const started = Date.now();
  const startCount = state.copied;
  let after: GlobalPosition | null = parsePosition(state.after);
  let interrupted = false;
  for await (const page of pagesToEnd(source.store, after, batchSize)) {
    if (options.signal?.aborted) {
      interrupted = true;
      break;
    }
    for (const run of runsOf(page.events)) {
      const first = run[0]!;
      await target.store.append(first.streamId, run.map(asNewEvent), { expectedRevision: first.revision === 0 ? 'no_stream' : first.revision - 1 });
    }
    after = page.lastPosition ?? after;
    state.after = formatPosition(after);
    state.copied += page.events.length;
    state.updatedAt = now();
    writeState(options.stateFile, state);
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    options.onProgress?.({ copied: state.copied, total, eventsPerSecond: Math.round((state.copied - startCount) / seconds) });
  }
  if (interrupted) return { copied: state.copied, resumed: previous !== null, interrupted, verification: null };
  const verification = await verifyCopy(source.store, target.store, batchSize);
  state.finishedAt = now();
  writeState(options.stateFile, state);
  return { copied: state.copied, resumed: previous !== null, interrupted, verification };
}

/** Every stream of a store: its number of events and a digest of their content, from one pass over the global order. */
async function summarizeStreams(store: EventStore, batchSize = 1000): Promise<Map<string, StreamSummary & { nextRevision: number }>> {
  const streams = new Map<string, { events: number; digest: Buffer; nextRevision: number }>();
  for await (const page of pagesToEnd(store, null, batchSize)) {
    for (const event of page.events) {
      const summary = streams.get(event.streamId) ?? { events: 0, digest: Buffer.alloc(32), nextRevision: 0 };
      // A gap or a repeat in the revisions shows as a different digest on the other side.
      summary.digest = createHash('sha256')
        .update(summary.digest)
        .update(canonical([event.revision, event.id, event.type, event.data, event.metadata]))
        .digest();
      summary.events++;
      summary.nextRevision = event.revision + 1;
      streams.set(event.streamId, summary);
    }
  }
  return new Map([...streams].map(([id, s]) => [id, { events: s.events, digest: s.digest.toString('hex'), nextRevision: s.nextRevision }]));
}

/** Counts and a digest per stream, equal on both sides, or the streams that differ. */
export async function verifyCopy(source: EventStore, target: EventStore, batchSize = 1000): Promise<VerifyResult> {
  const [ours, theirs] = await Promise.all([summarizeStreams(source, batchSize), summarizeStreams(target, batchSize)]);
  const strip = (s: (StreamSummary & { nextRevision: number }) | undefined): StreamSummary | null => (s ? { events: s.events, digest: s.digest } : null);
  const differences: VerifyResult['differences'] = [];
  let differingStreams = 0;
  for (const streamId of new Set([...ours.keys(), ...theirs.keys()])) {
    const a = ours.get(streamId);
    const b = theirs.get(streamId);
    if (a && b && a.events === b.events && a.digest === b.digest) continue;
    differingStreams++;
    if (differences.length < 20) differences.push({ streamId, source: strip(a), target: strip(b) });
  }
  const count = (m: Map<string, StreamSummary>) => [...m.values()].reduce((n, s) => n + s.events, 0);
  return {
    equal: differingStreams === 0,
    source: { events: count(ours), streams: ours.size },
    target: { events: count(theirs), streams: theirs.size },
    differences,
    differingStreams,
  };
}
