import '@fastify/multipart';

import { Readable } from 'node:stream';

import { type AttachedFile, invalid } from '@escrow/domain';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

import type { AttachmentIntake, BeforeKeeping, ReceivedBytes } from './attachment-intake';

/**
 * The one file of an upload request, read once: taken into the store, or only hashed (a retry).
 * A command refused while the read models lag is decided once more by ReadYourWrites
 * (command-side/read-your-writes.ts); the second run must find the same file, not an empty
 * request: the part is kept on the request, and what was made of its bytes is kept here.
 */
export class UploadedFile {
  private read: { as: 'taken' | 'received'; result: Promise<unknown> } | null = null;

  constructor(
    readonly field: string,
    private readonly stream: NodeJS.ReadableStream,
    /** The name as the browser sent it (the intake makes the name the ledger records of it). */
    readonly name: string,
  ) {}

  /** The file kept in the store, as the ledger will record it; `beforeKeeping` is asked once all of it arrived. */
  take(intake: AttachmentIntake, beforeKeeping?: BeforeKeeping): Promise<AttachedFile> {
    return this.once('taken', () => intake.take(this.stream, this.name, beforeKeeping)) as Promise<AttachedFile>;
  }

  /** The hash and size of the bytes as they arrived, nothing of them kept. */
  received(intake: AttachmentIntake): Promise<ReceivedBytes> {
    return this.once('received', () => intake.received(this.stream)) as Promise<ReceivedBytes>;
  }

  private once(as: 'taken' | 'received', read: () => Promise<unknown>): Promise<unknown> {
    if (this.read && this.read.as !== as) throw new Error(`The upload was ${this.read.as} already; its bytes cannot be read again.`);
    this.read ??= { as, result: read() };
    return this.read.result;
  }
}

const UPLOAD = Symbol('uploaded file');
const SENDER_FAULT = Symbol('the sender broke the upload');

/**
 * The upload's file part, or null when the body has none. A body that is not well-formed
 * multipart (a wrong boundary, a part cut short) fails here or, later, while its bytes are read:
 * either way the error is marked as the sender's, so the edge answers 400 rather than 500.
 */
export function uploadOf(request: FastifyRequest): Promise<UploadedFile | null> {
  const holder = request as FastifyRequest & { [UPLOAD]?: Promise<UploadedFile | null> };
  return (holder[UPLOAD] ??= firstFile(request).catch((error: Error) => {
    throw markSenderFault(error);
  }));
}

async function firstFile(request: FastifyRequest): Promise<UploadedFile | null> {
  const parts = request.parts()[Symbol.asyncIterator]();
  for (let next = await parts.next(); !next.done; next = await parts.next()) {
    const part = next.value;
    if (part.type !== 'file') continue;
    part.file.on('error', (error: Error) => markSenderFault(error));
    return new UploadedFile(part.fieldname, Readable.from(aloneInItsBody(part.file, parts)), part.filename);
  }
  return null;
}

const moreThanOneFile = () => invalid('one_file_only', 'Attach one file at a time: this upload holds more than one.');

/**
 * The file's bytes, then the rest of the body read to its end before the stream ends: a second
 * file (over the parser's limit of one, or any other) fails the stream, so whatever reads it (the
 * file store) keeps nothing, rather than attaching the first file and dropping the second.
 */
async function* aloneInItsBody(file: AsyncIterable<Buffer>, rest: AsyncIterator<Multipart>): AsyncGenerator<Buffer> {
  yield* file;
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await rest.next();
    } catch (error) {
      throw (error as { code?: unknown }).code === 'FST_FILES_LIMIT' ? moreThanOneFile() : markSenderFault(error as Error);
    }
    if (next.done) return;
    if (next.value.type === 'file') throw moreThanOneFile();
  }
}

function markSenderFault(error: Error): Error {
  if (error && typeof error === 'object') (error as Error & { [SENDER_FAULT]?: true })[SENDER_FAULT] = true;
  return error;
}

/** Whether an error came from the upload's own bytes (malformed, cut short), not from us. */
export function isSenderFault(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && (error as { [SENDER_FAULT]?: true })[SENDER_FAULT]);
}
