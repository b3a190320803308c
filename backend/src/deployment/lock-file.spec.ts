import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const repoRoot = resolve(__dirname, '..', '..', '..');
const manifests = ['package.json', 'domain/package.json', 'projections/package.json', 'backend/package.json', 'frontend/package.json', 'bench/package.json'];

describe('package-lock.json', () => {
  it('is complete: npm resolves the workspaces to exactly the committed lock (a fresh clone stays clean after make start)', () => {
    // npm 11 writes every platform's optional packages into a lock it resolves itself; a lock that
    // lacks them is rewritten by the first `npm install` of a fresh clone. Resolve in a copy, so
    // the check neither touches node_modules nor depends on what is installed here.
    const copy = mkdtempSync(join(tmpdir(), 'lock-check-'));
    try {
      for (const file of [...manifests, 'package-lock.json']) {
        mkdirSync(dirname(join(copy, file)), { recursive: true });
        cpSync(join(repoRoot, file), join(copy, file));
      }
      const npm = spawnSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: copy, encoding: 'utf8' });
      expect(npm.stderr).not.toMatch(/ERR!/);
      expect(npm.status).toBe(0);
      const resolved = readFileSync(join(copy, 'package-lock.json'), 'utf8');
      const committed = readFileSync(join(repoRoot, 'package-lock.json'), 'utf8');
      // Not toBe: a failure would print two 480 KB files.
      expect(resolved === committed).toBe(true);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('is installed with npm ci by make, which never rewrites it', () => {
    const makefile = readFileSync(join(repoRoot, 'Makefile'), 'utf8');
    const install = /^\$\(NPM_INSTALL_STAMP\):.*\n((?:\t.*\n)+)/m.exec(makefile)?.[1] ?? '';
    expect(install).toMatch(/npm ci\b/);
    expect(install).not.toMatch(/npm install\b/);
  });
});
