import { Command, CommanderError } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import type { ProjectionRunner, ProjectorStatus } from './projection-runner';
import type { RebuildProgress } from './rebuild';
import type { RebuildComparison } from './table-compare';

export interface CliContext {
  runner: ProjectionRunner;
  close(): Promise<void>;
}

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
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
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

/** One line for the operator: did the rebuilt tables equal the live ones? */
export function describeComparison(comparison: RebuildComparison): string {
  if (!comparison.compared) return `not compared with the live tables: ${comparison.reason}`;
  if (comparison.equal) return `equal to the live tables at ${comparison.position} (${comparison.tables.map((t) => `${t.table} ${t.rebuiltRows} rows`).join(', ')})`;
  const differing = comparison.tables.filter((t) => !t.equal).map((t) => `${t.table} (live ${t.liveRows} rows, rebuilt ${t.rebuiltRows})`);
  return `DIFFERS from the live tables at ${comparison.position}: ${differing.join(', ')}; the rebuilt tables are now live`;
}

/**
 * `projections status | run | rebuild <name>|--all | resume <name>`: the operator's tool.
 * Returns the process exit code.
 */
export async function runProjectionsCli(argv: string[], openContext: () => Promise<CliContext>, io: CliIo = defaultIo): Promise<number> {
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
    .action((name: string | undefined, options: { all?: boolean }) =>
      withContext(async ({ runner }) => {
        const names = options.all ? runner.projectors.map((p) => p.name) : name ? [name] : [];
        if (names.length === 0) throw new CommanderError(2, 'usage', 'Name a projector or pass --all. Known projectors: ' + runner.projectors.map((p) => p.name).join(', '));
        // One pass over the events for all of them (see rebuildProjections).
        const reporter = progressReporter(io);
        try {
          const results = await runner.rebuildMany(names, reporter.update);
          reporter.stop();
          for (const result of results) {
            io.out(`${result.projector}: rebuilt from ${result.events} events (${result.applied} applied) in ${result.seconds.toFixed(1)} s`);
            io.out(`${result.projector}: ${describeComparison(result.comparison)}`);
            if (result.comparison.compared && !result.comparison.equal) exitCode = 4;
          }
          if (results.length > 1) io.out(`${results.length} read models rebuilt in one pass over ${results[0]!.events} events in ${results[0]!.seconds.toFixed(1)} s`);
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
