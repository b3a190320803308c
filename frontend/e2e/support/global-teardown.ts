import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/** Stops every worker's server (each stops its embedded PostgreSQL on SIGTERM) and removes its data. */
export default async function globalTeardown(): Promise<void> {
  const servers = (globalThis as { __ESCROW_E2E_SERVERS__?: { child: ChildProcess; dataDir: string }[] }).__ESCROW_E2E_SERVERS__ ?? [];
  await Promise.all(
    servers.map(async ({ child, dataDir }) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    }),
  );
}
