import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

import { type FileStore, FileTooLarge } from './file-store';

/** What a contract run needs besides the store: ways to look behind it, as an operator would. */
export interface FileStoreFixture {
  store: FileStore;
  /** The hashes of the files stored now. */
  stored(): Promise<string[]>;
  /** Anything an upload left behind outside the stored files (half-written parts, temporary names). */
  leftovers(): Promise<string[]>;
  /** Changes the stored bytes of a file behind the store's back. */
  tamper(sha256: string): Promise<void>;
  close(): Promise<void>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Bytes made up on the fly, `size` in all, in chunks: nothing holds the whole file. */
async function* generated(size: number, seed: number, chunk = 64 * 1024): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < size; sent += chunk) {
    const part = Buffer.alloc(Math.min(chunk, size - sent));
    for (let i = 0; i < part.length; i++) part[i] = (sent + i + seed) % 251;
    yield part;
  }
}

async function hashOfGenerated(size: number, seed: number): Promise<string> {
  const hash = createHash('sha256');
  for await (const part of generated(size, seed)) hash.update(part);
  return hash.digest('hex');
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * The one contract every `FileStore` adapter passes (docs/attachments.md): content-addressed,
 * stored once, streamed with a size limit that keeps nothing of a refused upload, and a check
 * that names a changed or missing file.
 */
export function fileStoreContract(name: string, open: () => Promise<FileStoreFixture>): void {
  describe(`${name}: the file store contract`, () => {
    let fixture: FileStoreFixture;
    beforeAll(async () => {
      fixture = await open();
    });
    afterAll(async () => {
      await fixture.close();
    });
    const MB = 1024 * 1024;

    it('stores bytes under their SHA-256 and gives the same bytes back', async () => {
      const bytes = Buffer.from('Inspection report: framing passed, 2026-11-26.\n');
      const put = await fixture.store.put(Readable.from([bytes]), { maxBytes: MB });
      expect(put).toEqual({ sha256: sha256(bytes), size: bytes.length, alreadyStored: false });
      expect((await bytesOf((await fixture.store.open(put.sha256))!)).equals(bytes)).toBe(true);
      expect(await fixture.store.check(put.sha256)).toBe('intact');
    });

    it('stores the same bytes once, however often they arrive', async () => {
      const bytes = Buffer.from('the same photo, uploaded twice');
      const first = await fixture.store.put(Readable.from([bytes]), { maxBytes: MB });
      const again = await fixture.store.put(Readable.from([bytes]), { maxBytes: MB });
      expect(again).toEqual({ ...first, alreadyStored: true });
      expect((await fixture.stored()).filter((h) => h === first.sha256)).toHaveLength(1);
    });

    it('stores the same bytes once when two uploads of them race', async () => {
      const size = 3 * MB;
      const [a, b] = await Promise.all([
        fixture.store.put(generated(size, 7), { maxBytes: 4 * MB }),
        fixture.store.put(generated(size, 7), { maxBytes: 4 * MB }),
      ]);
      expect(a.sha256).toBe(await hashOfGenerated(size, 7));
      expect(b.sha256).toBe(a.sha256);
      expect((await fixture.stored()).filter((h) => h === a.sha256)).toHaveLength(1);
      expect(await fixture.leftovers()).toEqual([]);
    });

    it('streams a file larger than its parts (12 MB) and hashes it right', async () => {
      const size = 12 * MB + 123;
      const put = await fixture.store.put(generated(size, 3), { maxBytes: 25 * MB });
      expect(put).toMatchObject({ sha256: await hashOfGenerated(size, 3), size });
      expect(await fixture.store.check(put.sha256)).toBe('intact');
      expect(await fixture.leftovers()).toEqual([]);
    });

    it('refuses a file over the limit at the limit, and keeps nothing of it', async () => {
      const before = await fixture.stored();
      await expect(fixture.store.put(generated(8 * MB, 11), { maxBytes: 2 * MB })).rejects.toBeInstanceOf(FileTooLarge);
      expect(await fixture.stored()).toEqual(before);
      expect(await fixture.leftovers()).toEqual([]);
    });

    it('keeps nothing of an upload whose sender breaks off', async () => {
      const before = await fixture.stored();
      async function* brokenOff(): AsyncGenerator<Buffer> {
        yield Buffer.alloc(256 * 1024, 1);
        throw new Error('connection reset by the sender');
      }
      await expect(fixture.store.put(brokenOff(), { maxBytes: MB })).rejects.toThrow('connection reset by the sender');
      expect(await fixture.stored()).toEqual(before);
      expect(await fixture.leftovers()).toEqual([]);
    });

    it('answers null for bytes it never stored, and the check says missing', async () => {
      const unknown = sha256(Buffer.from('never uploaded'));
      expect(await fixture.store.open(unknown)).toBeNull();
      expect(await fixture.store.check(unknown)).toBe('missing');
    });

    it('names a stored file whose bytes were changed behind its back', async () => {
      const put = await fixture.store.put(Readable.from([Buffer.from('signed lien waiver, page 1')]), { maxBytes: MB });
      await fixture.tamper(put.sha256);
      expect(await fixture.store.check(put.sha256)).toBe('changed');
    });

    it('takes only a SHA-256 as a name: never a path', async () => {
      for (const name of ['../../etc/passwd', 'ab/../../x', '', 'A'.repeat(64)]) {
        await expect(fixture.store.open(name)).rejects.toThrow('Not a SHA-256');
      }
    });
  });
}
