import '@fastify/multipart';

import type { AttachedFile } from '@escrow/domain';
import type { FastifyRequest } from 'fastify';

import type { AttachmentIntake } from '../intake/attachment-intake';

/**
 * The one file of an upload request, read once. A command refused while the read models lag is
 * decided once more by ReadYourWrites (command-side/read-your-writes.ts); the second run must
 * find the same file, not an empty request: the part is kept on the request, and what the intake
 * made of its bytes is kept on the part.
 */
export class UploadedFile {
  private taken: Promise<AttachedFile> | null = null;

  constructor(
    readonly field: string,
    private readonly stream: NodeJS.ReadableStream,
    private readonly name: string,
  ) {}

  take(intake: AttachmentIntake): Promise<AttachedFile> {
    return (this.taken ??= intake.take(this.stream, this.name));
  }
}

const UPLOAD = Symbol('uploaded file');
const SENDER_FAULT = Symbol('the sender broke the upload');

/**
 * The upload's part, or null when the body has none. A body that is not well-formed multipart
 * (a wrong boundary, a part cut short) fails here or, later, while its bytes are read: either way
 * the error is marked as the sender's, so the edge answers 400 rather than 500.
 */
export function uploadOf(request: FastifyRequest): Promise<UploadedFile | null> {
  const holder = request as FastifyRequest & { [UPLOAD]?: Promise<UploadedFile | null> };
  return (holder[UPLOAD] ??= request.file().then(
    (part) => {
      if (!part) return null;
      part.file.on('error', (error: Error) => markSenderFault(error));
      return new UploadedFile(part.fieldname, part.file, part.filename);
    },
    (error: Error) => {
      throw markSenderFault(error);
    },
  ));
}

function markSenderFault(error: Error): Error {
  if (error && typeof error === 'object') (error as Error & { [SENDER_FAULT]?: true })[SENDER_FAULT] = true;
  return error;
}

/** Whether an error came from the upload's own bytes (malformed, cut short), not from us. */
export function isSenderFault(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && (error as { [SENDER_FAULT]?: true })[SENDER_FAULT]);
}
