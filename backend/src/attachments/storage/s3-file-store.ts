import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

import { type FileStore, HashingCounter, requireHash, sha256Of, type StoredFile, type StoredFileCheck } from './file-store';

/** Where the bucket is and how to reach it (ATTACHMENT_S3_* settings, docs/operations.md). */
export interface S3StoreSettings {
  bucket: string;
  /** Prepended to every key (`escrow/` puts the files under one folder of a shared bucket). */
  prefix: string;
  region: string;
  /** An S3-compatible server (MinIO); null for AWS itself. */
  endpoint: string | null;
  /** MinIO and most S3-compatible servers want `bucket` in the path, not in the host name. */
  forcePathStyle: boolean;
  /** Null: the SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export function s3ClientOf(settings: S3StoreSettings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
}

const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Files in an S3-compatible bucket, named by their hash: `<prefix>objects/ab/abcdef…`. The
 * hash is known only once the last byte went by, so an upload streams to `<prefix>incoming/<uuid>`
 * (multipart: at most PART_BYTES × PARTS_IN_FLIGHT held in memory), then is copied to its name
 * inside the bucket unless that name exists already, and the incoming object is deleted. Two
 * processes storing the same bytes at once both copy the same bytes to the same key: one object.
 */
export class S3FileStore implements FileStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  private keyOf(sha256: string): string {
    const hash = requireHash(sha256);
    return `${this.prefix}objects/${hash.slice(0, 2)}/${hash}`;
  }

  async put(source: AsyncIterable<Buffer | Uint8Array> | NodeJS.ReadableStream, { maxBytes }: { maxBytes: number }): Promise<StoredFile> {
    const incoming = `${this.prefix}incoming/${randomUUID()}`;
    const counter = new HashingCounter(maxBytes);
    const body = source instanceof Readable ? source : Readable.from(source as AsyncIterable<Buffer>);
    body.on('error', (error) => counter.destroy(error));
    body.pipe(counter);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: incoming, Body: counter, ContentType: 'application/octet-stream' },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      const sha256 = counter.digest();
      const key = this.keyOf(sha256);
      const alreadyStored = await this.exists(key);
      if (!alreadyStored) {
        await this.client.send(
          new CopyObjectCommand({ Bucket: this.bucket, Key: key, CopySource: `${this.bucket}/${incoming.split('/').map(encodeURIComponent).join('/')}` }),
        );
      }
      return { sha256, size: counter.bytes, alreadyStored };
    } catch (error) {
      // The counter's own error (too large) is the one to report, not the SDK's wrapping of it.
      throw counter.errored ?? error;
    } finally {
      body.destroy();
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: incoming })).catch(() => undefined);
    }
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async open(sha256: string): Promise<NodeJS.ReadableStream | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(sha256) }));
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async check(sha256: string): Promise<StoredFileCheck> {
    const stream = await this.open(sha256);
    if (!stream) return 'missing';
    return (await sha256Of(stream)) === sha256 ? 'intact' : 'changed';
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}
