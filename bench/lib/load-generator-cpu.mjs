// Where the load generator runs (BENCH_LOADGEN). On a machine where the load generator, the API,
// the ceiling and PostgreSQL share the cores, the generator takes CPU from whatever it measures,
// and it takes more of it from a route that saturates the cores (the commands) than from the
// ceiling. `pinned` gives the generator a core of its own: this process (with every thread) on
// the last core, the servers and PostgreSQL on the others (taskset, from util-linux). `nice`,
// when taskset is missing or there is one core, lowers the generator's priority instead (the
// servers win the CPU when they need it; a starved generator sends late, and paced latencies
// count from when a request was due, so that is charged to the server under test, ceiling and
// commands alike). `shared` (the default) changes nothing: the figures of earlier runs.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const MODES = ['shared', 'pinned', 'nice'];

function hasTaskset() {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function parentOf(pid) {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** The process and every descendant of it, as they are now. */
function withDescendants(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const parent = parentOf(Number(name));
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const all = [];
  for (const queue = [root]; queue.length > 0;) {
    const pid = queue.shift();
    all.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return all;
}

/**
 * Reads BENCH_LOADGEN. `command(executable, args)` wraps a server's command line so it runs off
 * the generator's core; `confine(pid)` moves a running server (the postmaster with its backends:
 * new backends inherit its affinity) there too; `apply()` then moves this process, once the
 * servers are started (a child started later would inherit the generator's priority), and
 * answers the function that gives this process its cores and priority back: the parts that run
 * after (Lighthouse's Chromium above all) must not inherit the generator's one core.
 */
export function loadGeneratorPlacement(mode = process.env.BENCH_LOADGEN ?? 'shared') {
  if (!MODES.includes(mode)) throw new Error(`BENCH_LOADGEN must be one of ${MODES.join(', ')}, got ${mode}`);
  const cores = os.availableParallelism();
  if (mode === 'pinned' && (cores < 2 || !hasTaskset())) {
    console.warn(
      `BENCH_LOADGEN=pinned needs taskset and 2 cores (${cores} cores, taskset ${hasTaskset() ? 'found' : 'missing'}): lowering the load generator's priority instead`,
    );
    mode = 'nice';
  }
  if (mode === 'pinned') {
    const generatorCore = cores - 1;
    const serverCores = cores === 2 ? '0' : `0-${cores - 2}`;
    return {
      apply() {
        // taskset -p answers "pid N's current affinity mask: 3": the mask to give back.
        const before = /:\s*([0-9a-f,]+)\s*$/i.exec(execFileSync('taskset', ['-p', String(process.pid)], { encoding: 'utf8' }))?.[1];
        execFileSync('taskset', ['-a', '-cp', String(generatorCore), String(process.pid)], { stdio: 'ignore' });
        return () => {
          if (before) execFileSync('taskset', ['-a', '-p', before, String(process.pid)], { stdio: 'ignore' });
        };
      },
      mode,
      description: `load generator pinned to core ${generatorCore}; the API, the ceiling and PostgreSQL on core(s) ${serverCores} (\`BENCH_LOADGEN=pinned\`, taskset)`,
      command: (executable, args) => ({ executable: 'taskset', args: ['-c', serverCores, executable, ...args] }),
      confine(pid) {
        for (const p of withDescendants(pid)) {
          try {
            execFileSync('taskset', ['-a', '-cp', serverCores, String(p)], { stdio: 'ignore' });
          } catch {
            // a backend that ended meanwhile
          }
        }
      },
    };
  }
  if (mode === 'nice') {
    return {
      mode,
      apply() {
        const before = os.getPriority(process.pid);
        os.setPriority(process.pid, 10);
        // Raising a priority back needs root: where it is refused, the parts after this one run at nice 10.
        return () => {
          try {
            os.setPriority(process.pid, before);
          } catch {
            console.warn(`could not set this process's priority back to ${before}`);
          }
        };
      },
      description: 'load generator at nice 10, below the API, the ceiling and PostgreSQL (`BENCH_LOADGEN=nice`)',
      command: (executable, args) => ({ executable, args }),
      confine: () => undefined,
    };
  }
  return {
    mode,
    apply: () => () => undefined,
    description: 'the load generator, the API, the ceiling and PostgreSQL on the same cores',
    command: (executable, args) => ({ executable, args }),
    confine: () => undefined,
  };
}

/** The postmaster of the server behind this pool: the parent of any backend. */
export async function postmasterPid(pool) {
  const { rows } = await pool.query('SELECT pg_backend_pid() AS pid');
  return parentOf(rows[0].pid);
}

const TICKS_PER_SECOND = 100; // USER_HZ: /proc counts CPU time in 1/100 s on Linux

function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user + system, every thread) a process has used so far; with `reaped`, also what
 * its ended children used (the postmaster reaps its backends: their time stays counted).
 */
function cpuSecondsOf(pid, reaped = false) {
  const f = statFields(pid);
  if (!f) return 0;
  // After "(comm) ": state ppid … utime is field 14 of the whole line, index 11 here.
  const ticks = Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0);
  return ticks / TICKS_PER_SECOND;
}

/**
 * CPU used by a server process and by PostgreSQL (the postmaster, its live backends and those
 * that ended), so a cell's cost per request can be split between the two: on the servers' cores,
 * the inverse of the sum is the most requests a second those cores can answer.
 */
export function cpuMeter(serverPid, postmaster) {
  const postgres = () =>
    cpuSecondsOf(postmaster, true) +
    withDescendants(postmaster)
      .filter((p) => p !== postmaster)
      .reduce((s, p) => s + cpuSecondsOf(p), 0);
  return () => ({ server: cpuSecondsOf(serverPid), postgres: postgres(), threads: threadCpuOf(serverPid) });
}

/**
 * A process's CPU seconds by kind of thread: the main thread (JavaScript, which a CPU profile
 * samples) and the rest by name (V8's workers, which mark and sweep concurrently with it; libuv's
 * pool: crypto, zlib, file system). A thread that ended is counted in none of them.
 */
function threadCpuOf(pid) {
  const kinds = {};
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return kinds;
  }
  for (const tid of tids) {
    let name = 'main thread';
    if (tid !== String(pid)) {
      try {
        name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim().replace(/\d+$/, '');
      } catch {
        name = 'other';
      }
    }
    // /proc/<pid>/task/<tid>/stat has the fields of /proc/<pid>/stat, for the one thread.
    kinds[name] = (kinds[name] ?? 0) + cpuSecondsOf(`${pid}/task/${tid}`);
  }
  return kinds;
}

/** What each kind of thread used between two readings of cpuMeter, in ms per request. */
export function threadMsPerRequest(before, after, requests) {
  const names = new Set([...Object.keys(before.threads ?? {}), ...Object.keys(after.threads ?? {})]);
  return Object.fromEntries([...names].map((n) => [n, (((after.threads?.[n] ?? 0) - (before.threads?.[n] ?? 0)) * 1000) / requests]));
}
