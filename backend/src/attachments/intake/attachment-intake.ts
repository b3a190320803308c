import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

import { type AttachedFile, ATTACHMENT_MEDIA_TYPES, invalid, unprocessable } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import { fromBuffer } from 'file-type';
import type Sharp from 'sharp';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { FileInfected, scannedByClamd } from '../scan/clamd-scan';
import { type FileStore, FileTooLarge } from '../storage/file-store';
import { FILE_STORE } from '../storage/file-store.provider';
import { fileNameOf } from './file-name';

let sharpLibrary: typeof Sharp | undefined;
/** sharp and libvips, loaded at the first image: about 50 ms of every start otherwise. */
function sharp(...args: Parameters<typeof Sharp>): ReturnType<typeof Sharp> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  sharpLibrary ??= require('sharp') as typeof Sharp;
  return sharpLibrary(...args);
}

/** Enough of a file's start for file-type to tell what it is (its own default sample size). */
const SNIFF_BYTES = 4100;
/** An image is decoded whole: past 40 megapixels (a 7,300 × 5,500 photo) it is refused, not decoded. */
const MAX_IMAGE_PIXELS = 40_000_000;
const THUMBNAIL_PX = 320;

const IMAGE_FORMATS: Record<string, 'jpeg' | 'png' | 'webp'> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/** The bytes of an upload as they arrived, before anything was done to them. */
export interface ReceivedBytes {
  sha256: string;
  size: number;
}

/**
 * Asked once every byte of an upload arrived (and, with a scanner, was called clean), before
 * anything of it is kept: throwing refuses the upload, and the store keeps nothing of it.
 */
export type BeforeKeeping = (received: ReceivedBytes) => Promise<void>;

/**
 * Takes one uploaded file into the file store, as the ledger will record it: its type sniffed
 * from its bytes (never the name or the header), images re-encoded so their metadata (GPS
 * position, camera, owner) is gone before anyone else sees them, with a thumbnail; the name kept
 * as data only. The bytes stream through; only the first 4 KB (to sniff) and, for images, the
 * image itself (sharp decodes it whole, within ATTACHMENT_MAX_MB and MAX_IMAGE_PIXELS) are held.
 * The bytes as they arrived are hashed and counted on the way: the ledger records them beside
 * what is stored (an image's sender can match the ledger to their own copy).
 */
@Injectable()
export class AttachmentIntake {
  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async take(upload: NodeJS.ReadableStream, declaredName: string, beforeKeeping?: BeforeKeeping): Promise<AttachedFile> {
    const maxBytes = this.config.attachments.maxFileBytes;
    const { head, rest } = await peek(upload, SNIFF_BYTES);
    const mediaType = (await fromBuffer(head))?.mime;
    if (!mediaType || !ATTACHMENT_MEDIA_TYPES.includes(mediaType)) {
      rest.destroy();
      throw invalid('file_type', 'Attach images (JPEG, PNG, WebP), PDF files or office documents (Word, Excel, PowerPoint).');
    }
    const name = fileNameOf(declaredName, mediaType);
    const format = IMAGE_FORMATS[mediaType];
    // Counted before anything else reads it: an image goes to sharp, which keeps what it is given.
    // With clamd configured, the bytes as sent pass through its scan, and the stream ends only
    // once clamd called them clean: an infected file fails the store's put, which keeps nothing.
    // The same holds for `beforeKeeping`, asked at the end of the stream.
    const counted = atMost(rest, maxBytes);
    const { clamd } = this.config.attachments;
    const arrived: { as?: ReceivedBytes } = {};
    const checked = hashed(clamd ? scannedByClamd(clamd, counted) : counted, async (received) => {
      arrived.as = received;
      await beforeKeeping?.(received);
    });
    try {
      const kept = await this.keep(Readable.from(checked), format, maxBytes);
      return { name, mediaType, ...kept, originalSha256: arrived.as!.sha256, originalSize: arrived.as!.size };
    } catch (error) {
      if (error instanceof FileInfected) {
        throw unprocessable('file_infected', `The virus scanner found ${error.signature} in this file: it was not attached. Check the computer it came from.`);
      }
      throw error;
    }
  }

  /**
   * The hash and size of an upload's bytes, read to their end (and at most ATTACHMENT_MAX_MB of
   * them) and not kept: what a retry is compared with.
   */
  async received(upload: NodeJS.ReadableStream): Promise<ReceivedBytes> {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of atMost(upload as AsyncIterable<Buffer>, this.config.attachments.maxFileBytes)) {
      hash.update(chunk);
      size += chunk.length;
    }
    return { sha256: hash.digest('hex'), size };
  }

  private async keep(
    bytes: Readable,
    format: 'jpeg' | 'png' | 'webp' | undefined,
    maxBytes: number,
  ): Promise<Pick<AttachedFile, 'size' | 'sha256' | 'thumbnailSha256'>> {
    if (!format) {
      const stored = await this.store.put(bytes, { maxBytes });
      return { size: stored.size, sha256: stored.sha256, thumbnailSha256: null };
    }
    const clean = await reencoded(bytes, format);
    const stored = await this.store.put(Readable.from([clean]), { maxBytes });
    const small = await sharp(clean).resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside' }).webp({ quality: 70 }).toBuffer();
    const thumbnail = await this.store.put(Readable.from([small]), { maxBytes });
    return { size: stored.size, sha256: stored.sha256, thumbnailSha256: thumbnail.sha256 };
  }
}

/**
 * The image drawn again from its pixels: turned upright by its EXIF orientation, then written
 * without any metadata (sharp keeps none unless asked). A file that is not the image it claims
 * to be fails here.
 */
async function reencoded(source: Readable, format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  // sharp decodes an image whole whatever it is given: it is given the counted bytes at once.
  const parts: Buffer[] = [];
  for await (const part of source as AsyncIterable<Buffer>) parts.push(part);
  const image = sharp(Buffer.concat(parts), { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  const written = format === 'jpeg' ? image.jpeg({ quality: 90 }) : format === 'png' ? image.png() : image.webp({ quality: 90 });
  try {
    return await written.toBuffer();
  } catch (error) {
    throw invalid('image_unreadable', `This image cannot be read (${(error as Error).message.split('\n')[0]}); export it again as JPEG or PNG.`);
  }
}

/** The stream's bytes, hashed and counted as they pass; `atEnd` hears of them after the last one and before the stream ends. */
async function* hashed(source: AsyncIterable<Buffer>, atEnd: (received: ReceivedBytes) => Promise<void>): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of source) {
    hash.update(chunk);
    size += chunk.length;
    yield chunk;
  }
  await atEnd({ sha256: hash.digest('hex'), size });
}

/** The stream's bytes, refused with FileTooLarge at the first byte past `maxBytes`. */
async function* atMost(source: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<Buffer> {
  let seen = 0;
  for await (const chunk of source) {
    seen += chunk.length;
    if (seen > maxBytes) throw new FileTooLarge(maxBytes);
    yield chunk;
  }
}

/**
 * The first `size` bytes of a stream (fewer if it is shorter), and a stream of all of it again:
 * what was read is put back in front of what was not.
 */
async function peek(stream: NodeJS.ReadableStream, size: number): Promise<{ head: Buffer; rest: Readable }> {
  const iterator = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const read: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    read.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(read);
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: head.subarray(0, size), rest: Readable.from(all()) };
}
