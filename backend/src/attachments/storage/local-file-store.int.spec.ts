import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { fileStoreContract } from './file-store.contract';
import { LocalFileStore } from './local-file-store';

async function filesUnder(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

fileStoreContract('local folder', async () => {
  const root = await mkdtemp(join(tmpdir(), 'escrow-files-'));
  return {
    store: new LocalFileStore(root),
    stored: async () => (await filesUnder(join(root, 'objects'))).sort(),
    leftovers: () => filesUnder(join(root, 'incoming')),
    tamper: (sha256) => writeFile(join(root, 'objects', sha256.slice(0, 2), sha256), 'changed'),
    close: () => rm(root, { recursive: true, force: true }),
  };
});
