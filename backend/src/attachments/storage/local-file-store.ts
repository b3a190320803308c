import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { type FileStore, HashingCounter, requireHash, sha256Of, type StoredFile, type StoredFileCheck } from './file-store';

/**
 * Files in a folder (`DATA_DIR/attachments`), named by their hash: `objects/ab/abcdef…`. An
 * upload is written to `incoming/` first and linked into place only once complete and hashed,
 * so a reader never sees half a file, and two processes storing the same bytes at once end with
 * one file (the second link finds it there).
 */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    const hash = requireHash(sha256);
    return join(this.root, 'objects', hash.slice(0, 2), hash);
  }

  async put(source: AsyncIterable<Buffer | Uint8Array> | NodeJS.ReadableStream, { maxBytes }: { maxBytes: number }): Promise<StoredFile> {
    const incoming = join(this.root, 'incoming');
    await mkdir(incoming, { recursive: true });
    const temporary = join(incoming, randomUUID());
    const counter = new HashingCounter(maxBytes);
    try {
      await pipeline(
        source instanceof Readable ? source : Readable.from(source as AsyncIterable<Buffer>),
        counter,
        createWriteStream(temporary, { flags: 'wx', mode: 0o640 }),
      );
      const sha256 = counter.digest();
      const target = this.pathOf(sha256);
      await mkdir(join(target, '..'), { recursive: true });
      let alreadyStored = false;
      try {
        await link(temporary, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        alreadyStored = true;
      }
      return { sha256, size: counter.bytes, alreadyStored };
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async open(sha256: string): Promise<NodeJS.ReadableStream | null> {
    const path = this.pathOf(sha256);
    try {
      await stat(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return createReadStream(path);
  }

  async check(sha256: string): Promise<StoredFileCheck> {
    const stream = await this.open(sha256);
    if (!stream) return 'missing';
    return (await sha256Of(stream)) === sha256 ? 'intact' : 'changed';
  }
}
