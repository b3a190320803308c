import { AsyncLocalStorage } from 'node:async_hooks';

import { DomainError } from '@escrow/domain';
import { HttpException } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

import { ApiRefusal } from '../../http/api-refusal';

/** Request and command durations: from a cached read (milliseconds) to a command that waited out a retry (seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The outcome of one command on the CommandBus. */
/** Recorded by API processes only (HTTP, commands, appends, read your writes). */
const API_ONLY = [
  'escrow_http_request_duration_seconds',
  'escrow_commands_total',
  'escrow_command_conflict_retries_total',
  'escrow_event_append_duration_seconds',
  'escrow_events_appended_total',
  'escrow_read_your_writes_wait_seconds',
  'escrow_reads_total',
  'escrow_read_stale_answers_total',
];

type CommandOutcome = 'accepted' | 'replay' | 'refused' | 'conflict' | 'error';

interface CommandScope {
  replayed: boolean;
}

/**
 * The Prometheus registry of one process and the instruments the code records into. Counters
 * and histograms are recorded where the work happens (the HTTP hook, the CommandBus, the append,
 * read your writes, the projectors' batches); gauges that need SQL are computed when Prometheus
 * scrapes (scrape-gauges.ts), never per request. Label values are bounded (route patterns,
 * command class names, error codes, projector names) and never name a person or a project.
 */
export class EscrowMetrics {
  readonly registry = new Registry();
  /** Counts scrapes: the gauges of one scrape share one reading of the database (scrape-gauges.ts). */
  scrapes = 0;
  private readonly commandScope = new AsyncLocalStorage<CommandScope>();

  readonly httpRequestDuration = new Histogram({
    name: 'escrow_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (never the raw URL) and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly commands = new Counter({
    name: 'escrow_commands_total',
    help: 'Commands executed on the CommandBus, by command class, outcome (accepted, replay of an Idempotency-Key, refused, conflict, error) and refusal code.',
    labelNames: ['command', 'outcome', 'reason'] as const,
    registers: [this.registry],
  });

  readonly commandConflictRetries = new Counter({
    name: 'escrow_command_conflict_retries_total',
    help: 'Decisions taken again because another writer appended to the stream first (optimistic concurrency).',
    registers: [this.registry],
  });

  readonly appendDuration = new Histogram({
    name: 'escrow_event_append_duration_seconds',
    help: 'Appends to the event store by commands, by outcome (ok, wrong_expected_version, idempotency_conflict, error).',
    labelNames: ['outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly eventsAppended = new Counter({
    name: 'escrow_events_appended_total',
    help: 'Events appended by commands, by stream category (milestone, job, bank-accounts-company, …; never the stream’s id).',
    labelNames: ['stream_category'] as const,
    registers: [this.registry],
  });

  readonly readYourWritesWait = new Histogram({
    name: 'escrow_read_your_writes_wait_seconds',
    help: 'Waits of requests for the read models to pass a position (the client’s own or this process’s newest), by request kind and whether they caught up.',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
    registers: [this.registry],
  });

  readonly reads = new Counter({
    name: 'escrow_reads_total',
    help: 'Reads (GET and HEAD requests of the API) that went through read your writes.',
    registers: [this.registry],
  });

  readonly staleReads = new Counter({
    name: 'escrow_read_stale_answers_total',
    help: 'Reads answered with X-Escrow-Stale: true because the read models had not caught up in time.',
    registers: [this.registry],
  });

  readonly projectorBatchDuration = new Histogram({
    name: 'escrow_projector_batch_duration_seconds',
    help: 'Batches a projector of this process applied (in one transaction with its checkpoint), by projector.',
    labelNames: ['projector'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly projectorEventsApplied = new Counter({
    name: 'escrow_projector_events_applied_total',
    help: 'Events a projector of this process applied to its read model, by projector.',
    labelNames: ['projector'] as const,
    registers: [this.registry],
  });

  /** False with RECORD_METRICS=false: nothing is recorded (the instruments stay at zero), to measure what recording costs. */
  readonly recording: boolean;

  constructor(process: 'api' | 'worker', { record = true }: { record?: boolean } = {}) {
    this.recording = record;
    this.registry.setDefaultLabels({ process });
    // The worker serves no HTTP and runs no commands: it exports only what it measures.
    if (process === 'worker') for (const name of API_ONLY) this.registry.removeSingleMetric(name);
    if (record) collectDefaultMetrics({ register: this.registry, prefix: 'escrow_' });
    // prom-client names three gauges `…_total`, a suffix Prometheus keeps for counters (rate()
    // over them is nonsense, and linters flag them); each is the sum of its by-type gauge.
    for (const kind of ['resources', 'handles', 'requests']) this.registry.removeSingleMetric(`escrow_nodejs_active_${kind}_total`);
  }

  /** Runs one command and counts it by its class and outcome. */
  async observeCommand<T>(command: object, execute: () => Promise<T>): Promise<T> {
    const scope: CommandScope = { replayed: false };
    const name = commandName(command);
    try {
      const result = await this.commandScope.run(scope, execute);
      this.commands.inc({ command: name, outcome: scope.replayed ? 'replay' : 'accepted', reason: '' });
      return result;
    } catch (error) {
      const { outcome, reason } = refusalOf(error);
      this.commands.inc({ command: name, outcome, reason });
      throw error;
    }
  }

  /** Called by the command side when a command's Idempotency-Key was already used: it answers like the first. */
  noteReplay(): void {
    const scope = this.commandScope.getStore();
    if (scope) scope.replayed = true;
  }

  async observeAppend<T>(streamId: string, events: number, append: () => Promise<T>): Promise<T> {
    if (!this.recording) return append();
    const end = this.appendDuration.startTimer();
    try {
      const result = await append();
      end({ outcome: 'ok' });
      this.eventsAppended.inc({ stream_category: streamCategory(streamId) }, events);
      return result;
    } catch (error) {
      const name = (error as Error).name;
      end({
        outcome: name === 'WrongExpectedVersionError' ? 'wrong_expected_version' : name === 'IdempotencyConflictError' ? 'idempotency_conflict' : 'error',
      });
      throw error;
    }
  }

  /** A read-your-writes wait: how long, and whether the read models caught up in time. */
  noteReadYourWritesWait(kind: 'read' | 'command', seconds: number, caughtUp: boolean): void {
    if (!this.recording) return;
    this.readYourWritesWait.observe({ kind, outcome: caughtUp ? 'caught_up' : 'timed_out' }, seconds);
  }

  noteRead(stale: boolean): void {
    if (!this.recording) return;
    this.reads.inc();
    if (stale) this.staleReads.inc();
  }

  /** Times the batches of this process's projectors (the runner reports each one). */
  followProjectors(runner: { onProgress(listener: (projector: string, applied: number, batchSeconds?: number) => void): () => void }): () => void {
    return runner.onProgress((projector, applied, batchSeconds) => {
      if (batchSeconds === undefined) return;
      this.projectorBatchDuration.observe({ projector }, batchSeconds);
      this.projectorEventsApplied.inc({ projector }, applied);
    });
  }

  /** The text Prometheus reads; every scrape-time gauge reads the database afresh, once. */
  scrape(): Promise<string> {
    this.scrapes++;
    return this.registry.metrics();
  }
}

/** Commands are classes of plain data (`DecideOnVersion`): the class name is a bounded label. */
function commandName(command: object): string {
  const name = command.constructor?.name;
  return name && name !== 'Object' ? name : 'unknown';
}

/** A refusal code is a literal of our code (`deposit_not_allowed`); anything else is not a label value. */
const CODE = /^[a-z][a-z0-9_]{0,63}$/;

function refusalOf(error: unknown): { outcome: CommandOutcome; reason: string } {
  if (error instanceof DomainError) {
    const reason = CODE.test(error.code) ? error.code : 'other';
    return { outcome: error.code === 'concurrent_change' ? 'conflict' : 'refused', reason };
  }
  if (error instanceof ApiRefusal) return { outcome: 'refused', reason: error.code };
  if (error instanceof HttpException) return { outcome: 'refused', reason: `http_${error.getStatus()}` };
  return { outcome: 'error', reason: '' };
}

/** `milestone-42` → `milestone`, `bank-accounts-company-7` → `bank-accounts-company`: the category is bounded, the id is not. */
function streamCategory(streamId: string): string {
  const category = /^[a-z]+(?:-[a-z]+)*(?=-|$)/.exec(streamId)?.[0];
  return category && category.length <= 40 ? category : 'other';
}
