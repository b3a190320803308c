import type { EventStore } from '@escrow/domain';
import { Presets, SingleBar } from 'cli-progress';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { Pool } from 'pg';

import { type ChainCheckProgress, type ChainCheckResult, ChainChecks } from '../integrity/chain-checks';
import type { StoredFileChecker } from '../integrity/stored-files';
import { type CopyEndpoint, copyEvents, type CopyProgress, CopyRefusedError, verifyCopy, type VerifyResult } from './copy-events';
import type { ProjectionRunner, ProjectorStatus } from './projection-runner';
import { REBUILD_DEFAULTS, type RebuildProgress } from './rebuild';
import type { RebuildComparison } from './table-compare';

export interface CliContext {
  runner: ProjectionRunner;
  /**
   * For `verify`: the store as stored (not upcast: the hashes cover stored shapes), where checks
   * are recorded, and the file store whose files the events record (attachments).
   */
  integrity?: { store: EventStore; pool: Pool; files?: StoredFileChecker };
  close(): Promise<void>;
}

export type StoreKind = 'postgres' | 'eventstoredb';

/** Both stores of a copy, opened by the backend (which knows the adapters); the projections workspace never imports them. */
interface CopyStoresContext {
  source: CopyEndpoint;
  target: CopyEndpoint;
  /** Where the state file goes when --state is not given. */
  defaultStateFile: string;
  close(): Promise<void>;
}

export type OpenCopyStores = (from: { kind: StoreKind; url: string | null }, to: { kind: StoreKind; url: string | null }) => Promise<CopyStoresContext>;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  isTTY: boolean;
  /** Resolves when the operator asks the worker to stop (SIGINT/SIGTERM). */
  untilStopped: () => Promise<void>;
}

const defaultIo: CliIo = {
  out: (text) => process.stdout.write(text + '\n'),
  err: (text) => process.stderr.write(text + '\n'),
  isTTY: Boolean(process.stdout.isTTY),
  untilStopped: () =>
    new Promise((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }),
};

function formatStatusTable(statuses: ProjectorStatus[]): string {
  const header = ['projector', 'version', 'state', 'position', 'lag events', 'lag s', 'applied', 'problem'];
  const rows = statuses.map((s) => [
    s.name,
    s.storedVersion === null || s.storedVersion === s.version ? String(s.version) : `${s.storedVersion}→${s.version}`,
    s.state,
    s.position ?? '-',
    s.lagEvents === null ? '?' : String(s.lagEvents),
    s.lagSeconds === null ? '?' : s.lagSeconds.toFixed(1),
    String(s.eventsApplied),
    s.error
      ? `${s.error}${s.openDeadLetters ? ` [${s.openDeadLetters} dead letter(s)]` : ''}`
      : s.parkedStreams.length > 0
        ? `${s.parkedStreams.length} parked stream(s): ${s.parkedStreams.map((p) => p.streamId).join(', ')}`
        : s.lastRebuild?.state === 'running'
          ? `rebuild ${s.lastRebuild.done}/${s.lastRebuild.total ?? '?'}${s.lastRebuild.stale ? ' (interrupted: no heartbeat)' : ''}`
          : s.lastRebuild?.state === 'failed'
            ? `last rebuild failed: ${s.lastRebuild.error}`
            : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const parked = statuses.flatMap((s) => s.parkedStreams.map((p) => `parked: ${s.name} ${p.streamId} since ${p.parkedAt}: ${p.error}`));
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ...parked].join('\n');
}

function progressReporter(io: CliIo): { update: (p: RebuildProgress) => void; stop: () => void } {
  if (io.isTTY) {
    const bar = new SingleBar(
      { format: '{projector} [{bar}] {percentage}% | {value}/{total} events | {eps} ev/s | ETA {eta_formatted}', etaBuffer: 50, hideCursor: true },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update: (p) => {
        if (!started) {
          bar.start(p.total, 0, { projector: p.projector, eps: 0 });
          started = true;
        }
        bar.setTotal(p.total);
        bar.update(p.done, { projector: p.projector, eps: p.eventsPerSecond });
      },
      stop: () => {
        if (started) bar.stop();
      },
    };
  }
  // Logs and CI: a line every few seconds instead of a redrawn bar.
  let lastPrinted = 0;
  return {
    update: (p) => {
      if (Date.now() - lastPrinted < 3000 && p.done < p.total) return;
      lastPrinted = Date.now();
      const etaSeconds = p.eventsPerSecond > 0 ? Math.round((p.total - p.done) / p.eventsPerSecond) : null;
      io.out(`${p.projector}: ${p.done}/${p.total} events, ${p.eventsPerSecond} ev/s, ETA ${etaSeconds === null ? '?' : `${etaSeconds}s`}`);
    },
    stop: () => undefined,
  };
}

/** Progress of a walk over the events (copy-events, verify): a bar in a terminal, a line every few seconds in logs. */
function countReporter(io: CliIo, label: string): { update: (p: { done: number; total: number | null; eventsPerSecond: number }) => void; stop: () => void } {
  if (io.isTTY) {
    const bar = new SingleBar(
      { format: `${label} [{bar}] {percentage}% | {value}/{total} events | {eps} ev/s | ETA {eta_formatted}`, etaBuffer: 50, hideCursor: true },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update: (p) => {
        const total = Math.max(p.total ?? p.done, p.done);
        if (!started) bar.start(total, p.done, { eps: 0 });
        started = true;
        bar.setTotal(total);
        bar.update(p.done, { eps: p.eventsPerSecond });
      },
      stop: () => void (started && bar.stop()),
    };
  }
  let lastPrinted = 0;
  return {
    update: (p) => {
      if (Date.now() - lastPrinted < 3000) return;
      lastPrinted = Date.now();
      io.out(`${label}: ${p.done}/${p.total ?? '?'} events, ${p.eventsPerSecond} ev/s`);
    },
    stop: () => undefined,
  };
}

/** The chain check for the operator; true when every chain is intact and every stored file too. */
function reportChainCheck(io: CliIo, result: ChainCheckResult): boolean {
  const files = result.files;
  const filesLine = files
    ? `${files.attachments} attachments: ${files.files} stored files read, ${files.changed} changed, ${files.missing} missing`
    : 'stored files not checked (no file store given)';
  if (result.ok) {
    io.out(`verified: ${result.events} events in ${result.streams} streams in ${result.seconds.toFixed(1)} s, every hash chain intact`);
    io.out(`verified: ${filesLine}${files ? ', every file hashes to what its event records' : ''}`);
    return true;
  }
  if (result.brokenEvents > 0) {
    io.err(`BROKEN: ${result.brokenEvents} of ${result.events} events break the hash chain. The first in the global order:`);
    io.err(`  ${result.breaks[0]!.message}`);
    for (const b of result.breaks.slice(1)) io.err(`  then ${b.message}`);
    if (result.brokenEvents > result.breaks.length) io.err(`  … and ${result.brokenEvents - result.breaks.length} more`);
  } else io.out(`verified: ${result.events} events in ${result.streams} streams, every hash chain intact`);
  if (files && files.changed + files.missing > 0) {
    io.err(`BROKEN: ${filesLine}. In the global order of their events:`);
    for (const p of files.problems) io.err(`  ${p.message}`);
    if (files.changed + files.missing > files.problems.length) io.err(`  … and ${files.changed + files.missing - files.problems.length} more`);
  } else io.out(`verified: ${filesLine}`);
  return false;
}

/** The verification for the operator; true when both sides are equal. */
function reportVerification(io: CliIo, result: VerifyResult): boolean {
  if (result.equal) {
    io.out(`verified: ${result.source.events} events in ${result.source.streams} streams on both sides, every stream's count and digest equal`);
    return true;
  }
  io.err(
    `DIFFERS: source ${result.source.events} events in ${result.source.streams} streams, target ${result.target.events} events in ${result.target.streams} streams; ${result.differingStreams} stream(s) differ:`,
  );
  for (const d of result.differences) {
    const side = (s: { events: number; digest: string } | null) => (s ? `${s.events} events, digest ${s.digest.slice(0, 12)}` : 'missing');
    io.err(`  ${d.streamId}: source ${side(d.source)}; target ${side(d.target)}`);
  }
  return false;
}

/** One line for the operator: did the rebuilt tables equal the live ones? */
function describeComparison(comparison: RebuildComparison): string {
  if (!comparison.compared) return `not compared with the live tables: ${comparison.reason}`;
  if (comparison.equal)
    return `equal to the live tables at ${comparison.position} (${comparison.tables.map((t) => `${t.table} ${t.rebuiltRows} rows`).join(', ')})`;
  const differing = comparison.tables.filter((t) => !t.equal).map((t) => `${t.table} (live ${t.liveRows} rows, rebuilt ${t.rebuiltRows})`);
  return `DIFFERS from the live tables at ${comparison.position}: ${differing.join(', ')}; the rebuilt tables are now live`;
}

/** A commander parser of whole numbers above zero, with a message that names the option. */
function positiveWhole(option: string): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError(`${option} takes a whole number above 0, not "${value}".`);
    return Number(value);
  };
}

/**
 * `projections status | run | rebuild <name>|--all | resume <name>`: the operator's tool.
 * Returns the process exit code.
 */
export async function runProjectionsCli(
  argv: string[],
  openContext: () => Promise<CliContext>,
  io: CliIo = defaultIo,
  openCopyStores?: OpenCopyStores,
): Promise<number> {
  let exitCode = 0;
  const program = new Command('projections')
    .description('Operate the projection runner: status, run as a worker, rebuild read models')
    .exitOverride()
    .configureOutput({ writeOut: (t) => io.out(t.trimEnd()), writeErr: (t) => io.err(t.trimEnd()) });

  const withContext = async (work: (context: CliContext) => Promise<void>): Promise<void> => {
    const context = await openContext();
    try {
      await work(context);
    } finally {
      await context.close();
    }
  };

  program
    .command('status')
    .description("each projector's position, lag in events and seconds, and state")
    .option('--json', 'print JSON instead of a table')
    .action((options: { json?: boolean }) =>
      withContext(async ({ runner }) => {
        const statuses = await runner.status();
        io.out(options.json ? JSON.stringify(statuses, null, 2) : formatStatusTable(statuses));
        if (statuses.some((s) => s.state === 'stopped' || s.parkedStreams.length > 0)) exitCode = 3;
      }),
    );

  program
    .command('run')
    .description('run the projectors until SIGINT/SIGTERM (a worker separate from the API)')
    .action(() =>
      withContext(async ({ runner }) => {
        runner.start();
        io.out(`projection worker running ${runner.projectors.map((p) => p.name).join(', ')}; Ctrl-C stops it`);
        await io.untilStopped();
        io.out('stopping the projection worker');
        await runner.stop();
      }),
    );

  program
    .command('rebuild')
    .description('replay from the start into fresh tables, then swap them in (the API keeps serving)')
    .argument('[name]', 'projector to rebuild')
    .option('--all', 'rebuild every projector')
    .addOption(
      new Option('--memory-mb <mb>', 'resident memory above which held stream states are written out early')
        .env('REBUILD_MEMORY_MB')
        .default(REBUILD_DEFAULTS.memoryMb)
        .argParser(positiveWhole('--memory-mb')),
    )
    .addOption(
      new Option('--quiet-events <n>', "events after a stream's last one before its state is written out")
        .env('REBUILD_QUIET_EVENTS')
        .default(REBUILD_DEFAULTS.quietEvents)
        .argParser(positiveWhole('--quiet-events')),
    )
    .action((name: string | undefined, options: { all?: boolean; memoryMb: number; quietEvents: number }) =>
      withContext(async ({ runner }) => {
        const names = options.all ? runner.projectors.map((p) => p.name) : name ? [name] : [];
        if (names.length === 0)
          throw new CommanderError(2, 'usage', 'Name a projector or pass --all. Known projectors: ' + runner.projectors.map((p) => p.name).join(', '));
        // One pass over the events for all of them (see rebuildProjections).
        const reporter = progressReporter(io);
        try {
          const results = await runner.rebuildMany(names, reporter.update, { memoryMb: options.memoryMb, quietEvents: options.quietEvents });
          reporter.stop();
          for (const result of results) {
            io.out(`${result.projector}: rebuilt from ${result.events} events (${result.applied} applied) in ${result.seconds.toFixed(1)} s`);
            io.out(`${result.projector}: ${describeComparison(result.comparison)}`);
            if (result.comparison.compared && !result.comparison.equal) exitCode = 4;
          }
          if (results.length > 1)
            io.out(`${results.length} read models rebuilt in one pass over ${results[0]!.events} events in ${results[0]!.seconds.toFixed(1)} s`);
          const { phases } = results[0]!;
          io.out(
            `phases: replay ${phases.bulk.toFixed(1)} s, indexes ${phases.indexes.toFixed(1)} s, catch-up ${phases.catchUp.toFixed(1)} s, comparison ${phases.compare.toFixed(1)} s, swap ${phases.swap.toFixed(1)} s`,
          );
        } catch (error) {
          reporter.stop();
          throw error;
        }
      }),
    );

  program
    .command('resume')
    .description("after a fix: apply the waiting events of a projector's parked streams (or of one stream), and retry a stopped projector")
    .argument('<name>', 'projector to resume')
    .argument('[stream]', 'only this parked stream, e.g. milestone-5012')
    .action((name: string, stream: string | undefined) =>
      withContext(async ({ runner }) => {
        const before = await runner.parkedStreams(name);
        const resumed = await runner.resume(name, stream);
        const after = await runner.parkedStreams(name);
        for (const p of before.filter((b) => !after.some((a) => a.streamId === b.streamId))) io.out(`${name}: stream ${p.streamId} resumed`);
        for (const p of after.filter((a) => stream === undefined || a.streamId === stream)) {
          io.err(`${name}: stream ${p.streamId} is still parked: ${p.error}`);
          exitCode = 3;
        }
        if (!resumed && after.length === 0) io.out(`${name} has nothing to resume (not stopped, no parked streams)`);
        else if (resumed && before.length === after.length) io.out(`${name} will retry its failed event`);
      }),
    );

  program
    .command('verify')
    .description("walk the global order and every stream's hash chain, and every stored file the events record; name what breaks them")
    .action(() =>
      withContext(async ({ integrity }) => {
        if (!integrity) throw new CommanderError(2, 'usage', 'verify is not available here.');
        const checks = new ChainChecks(integrity.pool);
        const reporter = countReporter(io, 'verify');
        let result: ChainCheckResult;
        try {
          result = await checks.run(await checks.begin('cli'), integrity.store, {
            files: integrity.files,
            onProgress: (p: ChainCheckProgress) => reporter.update({ ...p, done: p.checked }),
          });
        } finally {
          reporter.stop();
        }
        if (!reportChainCheck(io, result)) exitCode = 6;
      }),
    );

  const kind = (option: string, value: string): StoreKind => {
    if (value === 'postgres' || value === 'eventstoredb') return value;
    throw new CommanderError(2, 'usage', `${option} must be postgres or eventstoredb, not "${value}".`);
  };
  program
    .command('copy-events')
    .description('copy every stream to another event store in global order (same ids and metadata), resumable, then verify both sides')
    .requiredOption('--from <kind>', 'the source: postgres or eventstoredb')
    .requiredOption('--to <kind>', 'the target: postgres or eventstoredb')
    .option(
      '--from-url <url>',
      'source PostgreSQL URL or EventStoreDB connection string (default: DATABASE_URL or the embedded database, EVENTSTORE_CONNECTION_STRING)',
    )
    .option('--to-url <url>', 'target PostgreSQL URL or EventStoreDB connection string (required when both sides are the same kind)')
    .option('--state <file>', 'where the copy remembers how far it got; run the same command again to resume (default: under DATA_DIR)')
    .option('--batch <n>', 'events per page', '1000')
    .option('--verify-only', 'compare the two stores without copying')
    .action(async (options: { from: string; to: string; fromUrl?: string; toUrl?: string; state?: string; batch: string; verifyOnly?: boolean }) => {
      if (!openCopyStores) throw new CommanderError(2, 'usage', 'copy-events is not available here.');
      const from = { kind: kind('--from', options.from), url: options.fromUrl ?? null };
      const to = { kind: kind('--to', options.to), url: options.toUrl ?? null };
      const batchSize = Number(options.batch);
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000)
        throw new CommanderError(2, 'usage', `--batch must be a whole number from 1 to 100000, not "${options.batch}".`);
      if (from.kind === to.kind && (to.url ?? null) === (from.url ?? null)) {
        throw new CommanderError(
          2,
          'usage',
          `The source and the target are the same ${from.kind} store: give the target with --to-url (and the source with --from-url when it is not the default).`,
        );
      }
      const stores = await openCopyStores(from, to).catch((error: unknown) => {
        throw error instanceof CopyRefusedError ? new CommanderError(2, 'usage', error.message) : error;
      });
      try {
        if (options.verifyOnly) {
          if (!reportVerification(io, await verifyCopy(stores.source.store, stores.target.store, batchSize))) exitCode = 5;
          return;
        }
        const stateFile = options.state ?? stores.defaultStateFile;
        const controller = new AbortController();
        void io.untilStopped().then(() => controller.abort());
        const reporter = countReporter(io, 'copy-events');
        io.out(`copying ${stores.source.description} → ${stores.target.description} (state: ${stateFile})`);
        let result;
        try {
          result = await copyEvents(stores.source, stores.target, {
            stateFile,
            batchSize,
            onProgress: (p: CopyProgress) => reporter.update({ ...p, done: p.copied }),
            signal: controller.signal,
          });
        } finally {
          reporter.stop();
        }
        if (result.interrupted) {
          io.out(`interrupted after ${result.copied} events; run the same command again to resume from ${stateFile}`);
          exitCode = 130;
          return;
        }
        io.out(`copied ${result.copied} events${result.resumed ? ' (resumed)' : ''}`);
        if (!reportVerification(io, result.verification!)) exitCode = 5;
      } catch (error) {
        if (error instanceof CopyRefusedError) throw new CommanderError(2, 'usage', error.message);
        throw error;
      } finally {
        await stores.close();
      }
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
      if (error.code === 'usage') io.err(error.message);
      return error.exitCode || 2;
    }
    io.err(`projections: ${(error as Error).message}`);
    return 1;
  }
  return exitCode;
}
