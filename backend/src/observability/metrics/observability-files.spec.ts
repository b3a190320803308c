import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { load } from 'js-yaml';
import type { Pool } from 'pg';

import { EscrowMetrics } from './escrow-metrics';
import { watchLedger, watchPool, watchProjectors, watchReadiness } from './scrape-gauges';

const DEPLOY = join(__dirname, '..', '..', '..', '..', 'deploy', 'observability');

/** Every series name an API process exports: the registry's metrics, histograms with their three series. */
function exportedSeries(): Map<string, string[]> {
  const metrics = new EscrowMetrics('api');
  watchPool(metrics, {});
  watchProjectors(metrics, { status: () => Promise.resolve([]) });
  watchLedger(metrics, {} as Pool); // read only at a scrape, which this test does not make
  watchReadiness(metrics, () => Promise.reject(new Error('not read here')));
  // Prometheus's own series of each scrape target.
  const series = new Map<string, string[]>([['up', ['job', 'instance']]]);
  for (const metric of metrics.registry.getMetricsAsArray()) {
    const { name, type, labelNames } = metric as unknown as { name: string; type: string; labelNames: string[] };
    const names = type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name];
    for (const n of names) series.set(n, [...labelNames, ...(type === 'histogram' && n.endsWith('_bucket') ? ['le'] : [])]);
  }
  return series;
}

const PROMQL_WORDS = new Set([
  ...['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan'],
  // Aggregations may put `by (…)` between their name and their parenthesis.
  ...['sum', 'min', 'max', 'avg', 'count', 'group', 'stddev', 'stdvar', 'topk', 'bottomk', 'quantile', 'count_values'],
]);

/**
 * The series a PromQL expression reads, each with the label names it matches or groups on.
 * Names followed by `(` are functions; words inside `by (…)` are labels.
 */
function seriesIn(expr: string): { name: string; labels: string[] }[] {
  const found: { name: string; labels: string[] }[] = [];
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  for (const match of withoutStrings.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?(\s*\()?/g)) {
    const [, name, matchers, call] = match;
    if (call || PROMQL_WORDS.has(name!.toLowerCase())) continue;
    const before = withoutStrings.slice(0, match.index);
    if (/(by|without)\s*\([^)]*$/.test(before) || /\[[^\]]*$/.test(before)) continue; // a grouping label, or a range like [5m]
    found.push({ name: name!, labels: [...(matchers ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map((m) => m[1]!) });
  }
  return found;
}

function groupingLabels(expr: string): string[] {
  return [...expr.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim()));
}

function checkExpression(expr: string, exported: Map<string, string[]>): string[] {
  const problems: string[] = [];
  const read = seriesIn(expr);
  if (read.length === 0) problems.push(`${expr}: names no metric`);
  for (const { name, labels } of read) {
    const known = exported.get(name);
    if (!known) {
      problems.push(`${expr}: ${name} is not exported`);
      continue;
    }
    for (const label of labels) if (!known.includes(label)) problems.push(`${expr}: ${name} has no label ${label}`);
  }
  const allLabels = new Set(read.flatMap(({ name }) => exported.get(name) ?? []));
  for (const label of groupingLabels(expr)) {
    if (!allLabels.has(label) && !['instance', 'job'].includes(label)) problems.push(`${expr}: groups by ${label}, which none of its metrics has`);
  }
  if ((expr.match(/\(/g) ?? []).length !== (expr.match(/\)/g) ?? []).length) problems.push(`${expr}: unbalanced parentheses`);
  return problems;
}

describe('the observability files of deploy/observability', () => {
  const exported = exportedSeries();

  it('reads PromQL as this check means to', () => {
    expect(seriesIn('histogram_quantile(0.95, sum by (le, route) (rate(escrow_http_request_duration_seconds_bucket[5m])))')).toEqual([
      { name: 'escrow_http_request_duration_seconds_bucket', labels: [] },
    ]);
    expect(checkExpression('max by (projector) (escrow_projector_lag_seconds) > 30', exported)).toEqual([]);
    // Each kind of mistake is caught: a metric the code does not export, a label it does not have.
    expect(checkExpression('max(escrow_projector_lag_second) > 30', exported)).toEqual([
      'max(escrow_projector_lag_second) > 30: escrow_projector_lag_second is not exported',
    ]);
    expect(checkExpression('escrow_projector_lag_seconds{user="x"} > 1', exported)).toEqual([
      'escrow_projector_lag_seconds{user="x"} > 1: escrow_projector_lag_seconds has no label user',
    ]);
    expect(checkExpression('sum by (email) (escrow_reads_total)', exported)).toEqual([
      'sum by (email) (escrow_reads_total): groups by email, which none of its metrics has',
    ]);
  });

  it('alert rules: each has a name, an expression naming only exported metrics, a severity and a runbook in docs/operations.md', () => {
    const rules = load(readFileSync(join(DEPLOY, 'alert-rules.yml'), 'utf8')) as {
      groups: {
        name: string;
        rules: { alert: string; expr: string; for?: string; labels: { severity: string }; annotations: { summary: string; runbook: string } }[];
      }[];
    };
    const all = rules.groups.flatMap((g) => g.rules);
    expect(all.map((r) => r.alert)).toEqual([
      'ServiceDown',
      'ServiceMissing',
      'DatabaseDown',
      'NotReady',
      'LedgerReadingsMissing',
      'ServerErrors',
      'CommandErrors',
      'SlowCommands',
      'SlowQueries',
      'ProjectorLagging',
      'ProjectorStopped',
      'ProjectorNotRunning',
      'ProjectorParkedStream',
      'PayoutWaitingPastClearing',
      'WebhookEndpointFailing',
      'ReadHorizonHeld',
      'StaleReadsOverOnePercent',
    ]);
    const operations = readFileSync(join(DEPLOY, '..', '..', 'docs', 'operations.md'), 'utf8');
    const problems = all.flatMap((rule) => [
      ...checkExpression(rule.expr, exported),
      ...(['warning', 'critical'].includes(rule.labels.severity) ? [] : [`${rule.alert}: severity ${rule.labels.severity}`]),
      ...(rule.for === undefined || /^\d+[smh]$/.test(rule.for) ? [] : [`${rule.alert}: for ${rule.for}`]),
      ...(rule.annotations.runbook === `docs/operations.md#${rule.alert.toLowerCase()}` ? [] : [`${rule.alert}: runbook ${rule.annotations.runbook}`]),
      ...(operations.includes(`#### ${rule.alert}`) ? [] : [`${rule.alert}: no runbook section "#### ${rule.alert}" in docs/operations.md`]),
    ]);
    expect(problems).toEqual([]);
  });

  it('the Grafana dashboard: valid JSON whose every query names only exported metrics, on the provisioned data source', () => {
    const dashboard = JSON.parse(readFileSync(join(DEPLOY, 'grafana', 'dashboards', 'escrow-ledger.json'), 'utf8')) as {
      uid: string;
      panels: { type: string; title: string; datasource?: { uid: string }; targets?: { expr: string; datasource: { uid: string } }[] }[];
    };
    const datasources = load(readFileSync(join(DEPLOY, 'grafana', 'provisioning', 'datasources', 'prometheus.yml'), 'utf8')) as {
      datasources: { uid: string }[];
    };
    const uid = datasources.datasources[0]!.uid;
    const panels = dashboard.panels.filter((p) => p.type !== 'row');
    expect(panels.length).toBeGreaterThanOrEqual(15);
    const problems = panels.flatMap((panel) => [
      ...(panel.targets?.length ? [] : [`${panel.title}: no query`]),
      ...(panel.datasource?.uid === uid ? [] : [`${panel.title}: data source ${panel.datasource?.uid}`]),
      ...(panel.targets ?? []).flatMap((t) => [
        ...checkExpression(t.expr, exported),
        ...(t.datasource.uid === uid ? [] : [`${panel.title}: target data source`]),
      ]),
    ]);
    expect(problems).toEqual([]);
    // What the issue asks the dashboard to show.
    const queried = panels.flatMap((p) => p.targets!.map((t) => t.expr)).join('\n');
    for (const metric of [
      'escrow_http_request_duration_seconds',
      'escrow_commands_total',
      'escrow_projector_lag_seconds',
      'escrow_projector_parked_streams',
      'escrow_payment_instructions',
      'escrow_webhook_deliveries_pending',
      'escrow_held_funds_usd',
    ]) {
      expect(queried).toContain(metric);
    }
  });

  it('Prometheus scrapes the API replicas and the worker on the port compose gives them, and loads the rules', () => {
    const prometheus = load(readFileSync(join(DEPLOY, 'prometheus.yml'), 'utf8')) as {
      rule_files: string[];
      scrape_configs: { job_name: string; dns_sd_configs: { names: string[]; port: number }[] }[];
    };
    const compose = load(readFileSync(join(DEPLOY, '..', '..', 'docker-compose.yml'), 'utf8')) as {
      'x-app': { environment: Record<string, string> };
      services: Record<string, { volumes?: string[]; profiles?: string[] }>;
    };
    const port = Number(compose['x-app'].environment.METRICS_PORT);
    expect(prometheus.scrape_configs.map((c) => [c.job_name, c.dns_sd_configs[0]!.names, c.dns_sd_configs[0]!.port])).toEqual([
      ['api', ['api'], port],
      ['projection-worker', ['projection-worker'], port],
    ]);
    expect(prometheus.rule_files).toEqual(['alert-rules.yml']);
    expect(compose.services.prometheus!.volumes).toContain('./deploy/observability/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
    expect(compose.services.prometheus!.volumes).toContain('./deploy/observability/alert-rules.yml:/etc/prometheus/alert-rules.yml:ro');
    expect(compose.services.prometheus!.profiles).toEqual(['observability']);
    expect(compose.services.grafana!.profiles).toEqual(['observability']);
  });

  describe('promtool (Debian package prometheus; make test-tools installs it)', () => {
    const promtool = (...args: string[]) => execFileSync('promtool', args, { cwd: DEPLOY, encoding: 'utf8', stdio: 'pipe' });

    it('checks the Prometheus configuration and the rules it loads', () => {
      expect(promtool('check', 'config', 'prometheus.yml')).toMatch(/SUCCESS: prometheus\.yml is valid/);
      expect(promtool('check', 'rules', 'alert-rules.yml')).toMatch(/SUCCESS: \d+ rules found/);
    });

    it('every alert fires on the series of its failure and stays quiet on healthy ones (alert-rules.test.yml)', () => {
      expect(promtool('test', 'rules', 'alert-rules.test.yml')).toMatch(/SUCCESS/);
      const rules = (load(readFileSync(join(DEPLOY, 'alert-rules.yml'), 'utf8')) as { groups: { rules: { alert: string }[] }[] }).groups.flatMap((g) =>
        g.rules.map((r) => r.alert),
      );
      const tests = (
        load(readFileSync(join(DEPLOY, 'alert-rules.test.yml'), 'utf8')) as {
          tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
        }
      ).tests.flatMap((t) => t.alert_rule_test);
      const untested = rules.filter(
        (alert) =>
          !tests.some((t) => t.alertname === alert && t.exp_alerts.length > 0) || !tests.some((t) => t.alertname === alert && t.exp_alerts.length === 0),
      );
      expect(untested).toEqual([]);
    });
  });

  it('no gauge is named like a counter (…_total) and every counter is', async () => {
    const metrics = new EscrowMetrics('api');
    watchPool(metrics, {});
    const misnamed = (await metrics.registry.getMetricsAsJSON())
      .filter((m) => (String(m.type) === 'gauge' && m.name.endsWith('_total')) || (String(m.type) === 'counter' && !m.name.endsWith('_total')))
      .map((m) => `${m.type} ${m.name}`);
    expect(misnamed).toEqual([]);
  });
});
