import { execFileSync, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const repoRoot = resolve(__dirname, '..', '..', '..');

/** `docker compose config` (v2 plugin) or `docker-compose config` (Debian's v1): no engine needed. */
function composeConfig(): string {
  const v2 = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  const [command, args] = v2.status === 0 ? ['docker', ['compose', 'config']] : ['docker-compose', ['config']];
  return execFileSync(command, args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('docker-compose.yml', () => {
  it('is accepted by docker compose and wires the production-like set', () => {
    const config = composeConfig();
    for (const service of ['esdb-1', 'esdb-2', 'esdb-3', 'postgres', 'backend', 'projection-worker']) {
      expect(config).toMatch(new RegExp(`^  ${service}:`, 'm'));
    }
    expect(config).toContain('EVENT_STORE: eventstoredb');
    expect(config).toContain('EVENTSTORE_CLUSTER_SIZE');
    expect(config).toMatch(/projections-cli\.js[\s\S]*run/);
  });
});
