#!/usr/bin/env node
// What a command costs, layer by layer (issue 40): reads a V8 CPU profile of the API
// (`node --cpu-prof`, as `BENCH_PROFILE=1 node bench/run-all.mjs profile` writes it) and
// attributes each sample of CPU to one layer of the request's path, by the files on its stack.
//
//   node bench/profile-layers.mjs <file.cpuprofile> [--from <µs>] [--to <µs>] [--requests <n>] [--detail <layer>]
//
// A sample belongs to the innermost frame on its stack that names a layer: a pg query written by
// the event store's append counts as the append, the same driver parsing an answer with nothing
// of ours on the stack counts as "PostgreSQL driver". Libraries that serve every layer (pg,
// TypeORM, Node's own modules) are transparent: they take the layer of whoever called them, and
// their own name only when nothing of ours is on the stack; tracing's instrumentations, which wrap
// those libraries, likewise pass the wrapped work on to their caller. --from/--to keep the samples of one
// window (microseconds of the monotonic clock, as process.hrtime gives them: the bench passes the
// window of its saturation cell); --requests divides the CPU by the requests answered in it;
// --detail lists the functions the samples of the layers whose name holds that text stopped in.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Layers, tried from the leaf of a sample's stack to its root; the first match names the sample. */
const LAYERS = [
  ['tracing (OpenTelemetry)', /\/@opentelemetry\/|\/@fastify\/otel\/|\/observability\/tracing\//],
  ['metrics (prom-client)', /\/prom-client\/|\/observability\/metrics\//],
  ['logging (pino)', /\/pino[^/]*\/|\/sonic-boom\/|\/thread-stream\/|\/observability\/logging\/|\/@nestjs\/common\/services\/(console-)?logger/],
  ['correlation ids (AsyncLocalStorage)', /\/observability\/correlation\//],
  [
    'guards and validation (session, CSRF, step-up, DTOs)',
    /\/class-validator\/|\/class-transformer\/|\/backend\/dist\/identity\/|\/backend\/dist\/http\/(validation|input-limits|cookies|security|parse-id)|\/read-models\/buyer-step-up|\/@nestjs\/common\/pipes\//,
  ],
  ['CommandBus (@nestjs/cqrs)', /\/@nestjs\/cqrs\//],
  ['decide and fold (domain)', /\/domain\/dist\//],
  ['append (event store, hash chain)', /\/backend\/dist\/event-store\/|\/projections\/dist\/integrity\//],
  ['webhook fan-out', /\/backend\/dist\/webhooks\//],
  ['payments dispatcher', /\/backend\/dist\/payments\/payment-dispatcher|\/backend\/dist\/payments\/sandbox/],
  ['projectors (read models)', /\/projections\/dist\/|\/backend\/dist\/projections-runtime\//],
  ['access check and stream read (command side)', /\/backend\/dist\/command-side\/|\/backend\/dist\/read-models\/|\/backend\/dist\/infrastructure\/database\//],
  [
    'route handler and answer view',
    /\/backend\/dist\/(milestones|agreements|payments|projects|directory|disputes|retainage|lien-waivers|attachments|audit|admin|held-funds)\//,
  ],
  [
    'HTTP and NestJS pipeline (fastify, Nest, rxjs)',
    /\/fastify\/|\/@fastify\/|\/find-my-way\/|\/avvio\/|\/light-my-request\/|\/@nestjs\/|\/rxjs\/|\/backend\/dist\/|node:_http_|node:http$|^_http_/,
  ],
];

/** Serve every layer: counted under their own name only when nothing of ours called them. */
const TRANSPARENT = [
  ['PostgreSQL driver (nothing of ours on the stack: answers parsed, queued queries sent)', /\/pg\/|\/pg-[a-z]+\/|\/postgres-[a-z]+\//],
  ['TypeORM', /\/typeorm\//],
  ['Node internals (sockets, streams, timers)', /^node:|^internal\/|^(?!\/)[a-z_]+(\.js)?$/],
  ['other libraries', /\/node_modules\//],
];

/**
 * Tracing's instrumentations wrap calls they do not own (pg's query, fastify's hooks, the async
 * context): a sample of the wrapped library's work (pg writing to its socket) is the caller's,
 * not tracing's. They count as tracing only for their own time, with no library frame below them.
 */
const WRAPPERS = /\/@opentelemetry\/instrumentation[^/]*\/|\/@fastify\/otel\/|\/@opentelemetry\/context-async-hooks\//;

const SPECIAL = { '(garbage collector)': 'garbage collection', '(program)': 'V8 and native code outside JS (program)' };
const NODE_INTERNALS = TRANSPARENT[2][0];

/** What a frame names: a layer, a transparent library's fallback, or nothing. */
function classify(node) {
  const { functionName, url } = node.callFrame;
  if (!url) return SPECIAL[functionName] ? { layer: SPECIAL[functionName], final: true } : null;
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  for (const [layer, pattern] of LAYERS) if (pattern.test(path)) return { layer, final: true, wrapper: WRAPPERS.test(path) };
  for (const [layer, pattern] of TRANSPARENT) if (pattern.test(path)) return { layer, final: false };
  return { layer: 'other', final: false };
}

/** Samples per layer of a profile, within [from, to] µs when given. */
export function layersOf(profile, { from = -Infinity, to = Infinity } = {}) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const layerOfNode = new Map();
  const layerOf = (id) => {
    if (layerOfNode.has(id)) return layerOfNode.get(id);
    let fallback = null;
    let layer = null;
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const c = classify(nodes.get(at));
      if (!c) continue;
      if (c.wrapper && fallback !== null) continue;
      if (c.final) {
        layer = c.layer;
        break;
      }
      // A library's name says more than Node's modules it calls into.
      if (fallback === null || (fallback === NODE_INTERNALS && c.layer !== NODE_INTERNALS)) fallback = c.layer;
    }
    layer ??= fallback ?? 'V8 and native code outside JS (program)';
    layerOfNode.set(id, layer);
    return layer;
  };
  const counts = new Map();
  /** Per layer, the functions its samples stopped in (file:function), for --detail. */
  const leaves = new Map();
  let time = profile.startTime;
  let idle = 0;
  let kept = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] ?? 0;
    if (time < from || time > to) continue;
    const id = profile.samples[i];
    if (nodes.get(id).callFrame.functionName === '(idle)') {
      idle++;
      continue;
    }
    kept++;
    const layer = layerOf(id);
    counts.set(layer, (counts.get(layer) ?? 0) + 1);
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const leaf = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/(backend|domain|projections)\/dist\//, '$1/')}:${lineNumber + 1}`;
    const byLeaf = leaves.get(layer) ?? new Map();
    byLeaf.set(leaf, (byLeaf.get(leaf) ?? 0) + 1);
    leaves.set(layer, byLeaf);
  }
  const windowUs = Math.min(to, profile.endTime) - Math.max(from, profile.startTime);
  const sampleUs = windowUs / Math.max(kept + idle, 1);
  return { counts, leaves, busy: kept, idle, sampleUs, windowUs };
}

/** `samples` of a profile's window as ms of CPU per request. */
export const msPerRequest = (result, samples, requests) => (samples * result.sampleUs) / 1000 / requests;

/** The Markdown table of a profile's layers: % of the process's CPU and ms per request. */
export function layerTable(result, requests = null) {
  const rows = [...result.counts.entries()].sort((a, b) => b[1] - a[1]);
  const perRequest = (n) => msPerRequest(result, n, requests).toFixed(3);
  const header = ['layer', 'samples', '% of CPU', ...(requests ? ['ms CPU per request'] : [])];
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(header),
    line(header.map(() => '---')),
    ...rows.map(([layer, n]) => line([layer, String(n), ((100 * n) / result.busy).toFixed(1), ...(requests ? [perRequest(n)] : [])])),
    line(['all (busy samples)', String(result.busy), '100.0', ...(requests ? [perRequest(result.busy)] : [])]),
  ].join('\n');
}

/** The functions a layer's samples stopped in, most first. */
function layerDetail(result, layerPart, top = 15) {
  const lines = [];
  for (const [layer, byLeaf] of result.leaves) {
    if (!layer.includes(layerPart)) continue;
    lines.push(`${layer}:`);
    for (const [leaf, n] of [...byLeaf.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${String(n).padStart(5)}  ${leaf}`);
  }
  return lines.join('\n');
}

function argument(name) {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node bench/profile-layers.mjs <file.cpuprofile> [--from <µs>] [--to <µs>] [--requests <n>]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const result = layersOf(profile, { from: argument('--from'), to: argument('--to') });
  console.log(`${file}: ${result.busy} busy and ${result.idle} idle samples of ~${result.sampleUs.toFixed(0)} µs over ${(result.windowUs / 1e6).toFixed(1)} s`);
  console.log(layerTable(result, argument('--requests') ?? null));
  const detail = process.argv.indexOf('--detail');
  if (detail > 0) console.log(layerDetail(result, process.argv[detail + 1] ?? ''));
}
