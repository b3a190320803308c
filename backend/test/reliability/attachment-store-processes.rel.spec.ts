import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import S3rver from 's3rver';

/**
 * Issue 27: two processes uploading the same file store it once. Two OS processes run the built
 * file store (backend/dist) at the same moment, each streaming the same 16 MB (larger than an S3
 * part) from a generator; the store must end with one object named by its hash and nothing left
 * under its temporary names. Against the local folder, and against s3rver over HTTP.
 */
const STORAGE = resolve(__dirname, '..', '..', 'dist', 'attachments', 'storage');
const SIZE = 16 * 1024 * 1024;

/** The script each process runs: wait for the agreed instant, store, print what the store answered. */
const PUT = `
const store = STORE;
async function* bytes() { const chunk = 256 * 1024; for (let sent = 0; sent < ${SIZE}; sent += chunk) { const part = Buffer.alloc(chunk); for (let i = 0; i < chunk; i++) part[i] = (sent + i) % 251; yield part; } }
const at = Number(process.argv[1]);
setTimeout(async () => { const put = await store.put(bytes(), { maxBytes: ${SIZE} }); process.stdout.write(JSON.stringify(put)); }, Math.max(0, at - Date.now()));
`;

function runTwice(store: string): Promise<{ sha256: string; size: number; alreadyStored: boolean }[]> {
  const at = String(Date.now() + 1500);
  const one = () =>
    new Promise<{ sha256: string; size: number; alreadyStored: boolean }>((done, fail) => {
      const child = spawn(process.execPath, ['-e', PUT.replace('STORE', store), at], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('close', (code) => (code === 0 ? done(JSON.parse(out)) : fail(new Error(`exit ${code}: ${err}`))));
    });
  return Promise.all([one(), one()]);
}

function expectedHash(): string {
  const hash = createHash('sha256');
  const chunk = 256 * 1024;
  for (let sent = 0; sent < SIZE; sent += chunk) {
    const part = Buffer.alloc(chunk);
    for (let i = 0; i < chunk; i++) part[i] = (sent + i) % 251;
    hash.update(part);
  }
  return hash.digest('hex');
}

async function filesUnder(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

describe('two processes storing the same file at once', () => {
  const hash = expectedHash();

  it('end with one file in the local folder, nothing left in incoming/', async () => {
    const root = await mkdtemp(join(tmpdir(), 'escrow-two-processes-'));
    try {
      const store = `new (require(${JSON.stringify(join(STORAGE, 'local-file-store.js'))}).LocalFileStore)(${JSON.stringify(root)})`;
      const [a, b] = await runTwice(store);
      expect([a.sha256, b.sha256]).toEqual([hash, hash]);
      // The folder links atomically: exactly one of them wrote the file.
      expect([a.alreadyStored, b.alreadyStored].sort()).toEqual([false, true]);
      expect(await filesUnder(join(root, 'objects'))).toEqual([hash]);
      expect(await filesUnder(join(root, 'incoming'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('end with one object in an S3 bucket (s3rver), nothing left under incoming/', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'escrow-two-processes-s3-'));
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'escrow' }] });
    const { port } = await server.run();
    try {
      const settings = {
        bucket: 'escrow',
        prefix: 'p/',
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      };
      const s3 = JSON.stringify(join(STORAGE, 's3-file-store.js'));
      const store = `(() => { const m = require(${s3}); const s = ${JSON.stringify(settings)}; return new m.S3FileStore(m.s3ClientOf(s), s.bucket, s.prefix); })()`;
      const [a, b] = await runTwice(store);
      expect([a.sha256, b.sha256]).toEqual([hash, hash]);
      // Both may find the key free and copy: the same bytes to the same key, one object.
      // s3rver keeps an object as three files on its disk: its bytes are the `._S3rver_object`.
      const objects = async (under: string) => (await filesUnder(join(directory, 'escrow', 'p', under))).filter((n) => n.endsWith('._S3rver_object'));
      expect(await objects('objects')).toEqual([`${hash}._S3rver_object`]);
      expect(await objects('incoming')).toEqual([]);
    } finally {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
