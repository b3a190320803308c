import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { load } from 'js-yaml';

const repoRoot = resolve(__dirname, '..', '..', '..');

/** `docker compose config` (v2 plugin) or `docker-compose config` (Debian's v1): no engine needed. */
function composeConfig(extra: string[] = [], env: Record<string, string> = {}): string {
  const v2 = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  const [command, args] = v2.status === 0 ? ['docker', ['compose', ...extra, 'config']] : ['docker-compose', [...extra, 'config']];
  return execFileSync(command, args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
}

interface ComposeService {
  restart?: string;
  profiles?: string[];
  healthcheck?: { test: string[] | string; disable?: boolean };
  ports?: (string | { host_ip?: string; published?: string | number; target: number })[];
  environment?: Record<string, string>;
  entrypoint?: string[];
  depends_on?: Record<string, { condition: string }>;
}

/** Every service of every profile, parsed. */
function allServices(env: Record<string, string> = {}): Record<string, ComposeService> {
  const profiles = ['observability', 'virus-scan', 'tests'].flatMap((p) => ['--profile', p]);
  return (load(composeConfig(profiles, env)) as { services: Record<string, ComposeService> }).services;
}

/** The block of one service in the normalised config (two-space indented keys under `services:`). */
function service(config: string, name: string): string {
  const match = new RegExp(`^  ${name}:\\n((?:    .*\\n|\\n)*)`, 'm').exec(config);
  if (!match) throw new Error(`no service ${name} in:\n${config}`);
  return match[1]!;
}

describe('docker-compose.yml', () => {
  const config = composeConfig();

  it('is accepted by docker compose and wires the production-like set', () => {
    for (const name of ['esdb-1', 'esdb-2', 'esdb-3', 'postgres', 'api', 'proxy', 'projection-worker']) {
      expect(config).toMatch(new RegExp(`^  ${name}:`, 'm'));
    }
    expect(config).toContain('EVENT_STORE: eventstoredb');
    expect(config).toContain('EVENTSTORE_CLUSTER_SIZE');
    expect(service(config, 'projection-worker')).toMatch(/projections-cli\.js[\s\S]*run/);
  });

  it('runs two API replicas without projectors behind a proxy that publishes port 3000', () => {
    const api = service(config, 'api');
    expect(api).toMatch(/replicas: 2/);
    expect(api).toMatch(/RUN_PROJECTIONS: ['"]?false['"]?/);
    expect(api).not.toMatch(/ports:/);
    const proxy = service(config, 'proxy');
    expect(proxy).toMatch(/image: nginx:1\.(2[89]|[3-9]\d)/); // upstream `resolve` needs 1.27.3+
    expect(proxy).toMatch(/published: "?3000"?|3000:80/);
    expect(proxy).toContain('deploy/nginx.conf');
    expect(proxy).toMatch(/target: \/etc\/nginx\/nginx\.conf|\/etc\/nginx\/nginx\.conf:ro/);
  });

  it('lets only the proxy say who the client is, and the proxy sends every request to some replica of api', () => {
    const proxyAddress = /ipv4_address: ([\d.]+)/.exec(service(config, 'proxy'))?.[1];
    expect(proxyAddress).toBeDefined();
    expect(service(config, 'api')).toContain(`TRUSTED_PROXIES: ${proxyAddress}`);
    const nginx = readFileSync(resolve(repoRoot, 'deploy', 'nginx.conf'), 'utf8');
    expect(nginx).toMatch(/server api:3000 resolve/);
    expect(nginx).toMatch(/resolver 127\.0\.0\.11/);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(nginx).toMatch(/proxy_set_header X-Request-Id \$request_id;/); // one id from the access log to the events
    for (const header of ['traceparent', 'tracestate', 'baggage']) expect(nginx).toContain(`proxy_set_header ${header} '';`); // a client's trace context never passes as the proxy's
    expect(nginx).not.toMatch(/non_idempotent/); // a POST is never replayed by the proxy
  });

  it('gives every API replica and the worker one data folder, so a development audit key is one key', () => {
    for (const name of ['api', 'projection-worker']) expect(service(config, name)).toMatch(/app-data:\/app\/\.data|source: app-data\n\s+target: \/app\/\.data/);
    expect(readFileSync(resolve(repoRoot, 'Dockerfile'), 'utf8')).toMatch(/chown node:node \/app\/\.data\nUSER node/);
  });

  it('keeps attachments in MinIO for every replica and the worker, its bucket made before they start', () => {
    for (const name of ['api', 'projection-worker']) {
      const block = service(config, name);
      expect(block).toContain('ATTACHMENT_STORE: s3');
      expect(block).toContain('ATTACHMENT_S3_ENDPOINT: http://minio:9000');
      expect(block).toContain('ATTACHMENT_S3_BUCKET: escrow-attachments');
      expect(block).toMatch(/minio-bucket:\n\s+condition: service_completed_successfully/);
    }
    expect(service(config, 'minio')).toMatch(/command:[\s\S]*server[\s\S]*\/data/);
    expect(service(config, 'minio-bucket')).toMatch(/mc mb --ignore-existing\s+local\/escrow-attachments/);
    const tests = service(composeConfig(['--profile', 'tests']), 'attachment-store-tests');
    expect(tests).toContain('s3-file-store.int.spec.ts');
    expect(tests).toContain('ATTACHMENT_S3_TEST_ENDPOINT: http://minio:9000');
  });

  it('has the EventStoreDB contract suite as a one-off service in the tests profile', () => {
    const withTests = composeConfig(['--profile', 'tests']);
    const tests = service(withTests, 'contract-tests');
    expect(tests).toContain('eventstoredb-event-store.int.spec.ts');
    expect(tests).toContain('EVENTSTORE_CONNECTION_STRING: esdb://esdb-1:2113,esdb-2:2113,esdb-3:2113?tls=false');
    expect(tests).toMatch(/target: build/);
    expect(readFileSync(resolve(repoRoot, 'Dockerfile'), 'utf8')).toMatch(
      /FROM node:\S+ AS build[\s\S]*RUN npm run build\n[\s\S]*FROM build AS runtime-deps\nRUN npm prune --omit=dev/,
    );
  });

  it('starts with no user: no demo data in the image or the compose set, whose first administrator comes from the one-time command', () => {
    for (const name of ['api', 'projection-worker']) expect(service(config, name)).not.toMatch(/SEED_DEMO_DATA/);
    expect(config).not.toMatch(/demo\.escrowledger\.test|Demo-pass/);
    expect(readFileSync(resolve(repoRoot, 'Dockerfile'), 'utf8')).not.toMatch(/SEED_DEMO_DATA/);
    // Unset, the application seeds nothing (app-config.spec.ts); the command is documented beside the file.
    expect(readFileSync(resolve(repoRoot, 'docker-compose.yml'), 'utf8')).toContain('admin-cli.js first-owner');
  });

  it('runs the API and the worker as a database login of their own, the owner of the tables migrating', () => {
    for (const name of ['api', 'projection-worker']) {
      const block = service(config, name);
      const runtime = /DATABASE_URL: (\S+)/.exec(block)?.[1];
      const owner = /DATABASE_MIGRATION_URL: (\S+)/.exec(block)?.[1];
      expect({ name, runtime, owner }).toEqual({
        name,
        runtime: expect.stringMatching(/^postgres:\/\/escrow_app:/),
        owner: expect.stringMatching(/^postgres:\/\/escrow:/),
      });
      expect(new URL(runtime!).pathname).toBe(new URL(owner!).pathname);
    }
  });

  it('gives every long-running service a healthcheck, and starts what needs another once it is healthy', () => {
    const services = allServices();
    // One-off jobs (the bucket maker, the test runners) exit; everything else runs until stopped.
    const longRunning = Object.entries(services).filter(([, s]) => s.restart !== 'no' && !(s.profiles ?? []).includes('tests'));
    expect(longRunning.map(([name]) => name).sort()).toEqual(
      ['api', 'clamav', 'esdb-1', 'esdb-2', 'esdb-3', 'grafana', 'minio', 'postgres', 'projection-worker', 'prometheus', 'proxy'].sort(),
    );
    expect(longRunning.filter(([, s]) => !s.healthcheck || s.healthcheck.disable).map(([name]) => name)).toEqual([]);
    // The API's probe is its readiness, not the page for people.
    expect(String(services.api!.healthcheck!.test)).toContain('/api/health/ready');
    for (const [name, after] of [
      ['proxy', 'api'],
      ['grafana', 'prometheus'],
      ['api', 'postgres'],
      ['projection-worker', 'postgres'],
    ] as const) {
      expect({ name, after, condition: services[name]!.depends_on?.[after]?.condition }).toEqual({ name, after, condition: 'service_healthy' });
    }
  });

  it('publishes Prometheus and Grafana on loopback only, Grafana with no default password and no anonymous viewer', () => {
    const services = allServices();
    for (const name of ['prometheus', 'grafana']) {
      const ports = services[name]!.ports ?? [];
      expect(ports.length).toBeGreaterThan(0);
      for (const port of ports) expect(typeof port === 'string' ? port.split(':')[0] : port.host_ip).toBe('127.0.0.1');
    }
    // Only the proxy is published on every interface.
    const published = Object.entries(services).filter(([, s]) => (s.ports ?? []).some((p) => (typeof p === 'string' ? p.split(':').length < 3 : !p.host_ip)));
    expect(published.map(([name]) => name)).toEqual(['proxy']);

    const grafana = services.grafana!;
    expect(grafana.environment!.GF_AUTH_ANONYMOUS_ENABLED).toBe('false');
    expect(grafana.environment!.GF_SECURITY_ADMIN_PASSWORD).toBe('');
    expect(allServices({ GRAFANA_ADMIN_PASSWORD: 'from-the-environment' }).grafana!.environment!.GF_SECURITY_ADMIN_PASSWORD).toBe('from-the-environment');
    // Without the password Grafana refuses to start rather than take its default admin/admin.
    const script = grafana.entrypoint!.join(' ').replace(/\$\$/g, '$');
    const start = (password: string) =>
      spawnSync('sh', ['-c', script.replace(/^sh -c /, '').replace('exec /run.sh', 'echo started')], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, GF_SECURITY_ADMIN_PASSWORD: password },
      });
    expect(start('')).toMatchObject({ status: 1, stderr: expect.stringContaining('Set GRAFANA_ADMIN_PASSWORD') });
    expect(start('s3cret')).toMatchObject({ status: 0, stdout: 'started\n' });
  });
});
