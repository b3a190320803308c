import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** A file the store holds: named by the SHA-256 of its bytes (lower-case hex). */
export interface StoredFile {
  sha256: string;
  size: number;
  /** True when a file with these bytes was stored before: nothing new was written. */
  alreadyStored: boolean;
}

/** What a check of a stored file finds: the bytes still hash to their name, are gone, or changed. */
export type StoredFileCheck = 'intact' | 'missing' | 'changed';

/**
 * Where attachment bytes live, content-addressed: a file is stored under its SHA-256, so the
 * same bytes are stored once however often (and by however many processes) they are uploaded,
 * and any change to stored bytes shows as a hash that no longer matches the name.
 *
 * Two adapters pass one contract suite (`file-store.contract.ts`): a folder under `DATA_DIR`
 * (one machine) and an S3-compatible bucket (several API processes).
 */
export interface FileStore {
  /**
   * Streams `source` into the store while hashing it, never holding it whole in memory. More than
   * `maxBytes` bytes: refused with `FileTooLarge`, and nothing is kept.
   */
  put(source: AsyncIterable<Buffer | Uint8Array> | NodeJS.ReadableStream, options: { maxBytes: number }): Promise<StoredFile>;
  /** The bytes of a stored file, streamed; null when no file has this hash. */
  open(sha256: string): Promise<NodeJS.ReadableStream | null>;
  /** Reads the stored bytes again and compares their hash with the name they are stored under. */
  check(sha256: string): Promise<StoredFileCheck>;
}

/** The upload was longer than the limit; it was not stored. */
export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLarge';
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** A file's name in a store is its hash: anything else (a path, a dot) is refused before it reaches a path or a key. */
export function requireHash(sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error(`Not a SHA-256: ${JSON.stringify(sha256.slice(0, 80))}`);
  return sha256;
}

/**
 * Passes bytes through while hashing and counting them; errors with `FileTooLarge` as soon as
 * more than `maxBytes` went by, so an oversized upload stops at the limit instead of at its end.
 */
export class HashingCounter extends Transform {
  private readonly hash: Hash = createHash('sha256');
  /** Bytes seen so far. Not `size`: the S3 SDK reads a body's `size` as its whole length. */
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(new FileTooLarge(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  /** The hex SHA-256 of everything that went through; call once, after the stream ended. */
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** The SHA-256 of a stream's bytes (a check reads a stored file again). */
export async function sha256Of(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}
