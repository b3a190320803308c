import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The text of a development key file in the data folder: the file when it exists, else a key
 * `generate` makes, written there once (mode 600) and reused from then on, so an installation
 * without the setting keeps one key across restarts and across the processes sharing the folder.
 * Several processes starting at once: the first file linked into place wins, the others read it.
 */
export function developmentKeyFile(file: string, generate: () => string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  const text = generate();
  // Written whole under a name of its own, then linked into place: a process starting meanwhile
  // never reads a half-written key, and of two racing processes the first link wins.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(draft, { force: true });
  }
}
