import { applyDecorators, Logger } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { ApiRefusal, invalidParam } from '../../http/api-refusal';
import { ScannerUnavailable } from '../scan/clamd-scan';
import { FileTooLarge } from '../storage/file-store';
import { isSenderFault, type UploadedFile, uploadOf } from './uploaded-file';

/** The API document's word for a route that takes one file, as `receiveUpload` reads it: multipart, field `file`. */
export const OneFileUpload = () =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } }),
  );

const malformed = () => new ApiRefusal(400, 'malformed_multipart', 'The upload is not well-formed multipart/form-data or was cut short; send the file again.');
const logger = new Logger('Attachments');

/**
 * The one file of a multipart upload handed to `attach`, and what goes wrong on the way answered
 * as the sender can act on it: no file or a wrong field (400), a malformed or cut-short body
 * (400), a file over ATTACHMENT_MAX_MB (413), a virus scanner that gives no verdict (503).
 */
export async function receiveUpload<T>(request: FastifyRequest, maxFileBytes: number, attach: (upload: UploadedFile) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw new ApiRefusal(415, 'unsupported_media_type', 'Send the file as multipart/form-data, in a field named file.');
  // What a refused request does not read, Node discards once the answer is sent.
  const upload = await uploadOf(request).catch((error: unknown) => {
    throw isSenderFault(error) ? malformed() : error;
  });
  if (!upload) throw invalidParam('file', 'Choose a file to attach.');
  if (upload.field !== 'file') throw invalidParam('file', 'Send the file in a field named file.');
  try {
    return await attach(upload);
  } catch (error) {
    if (error instanceof ScannerUnavailable) {
      logger.error(`An upload was refused unscanned: ${error.message} (CLAMD_SOCKET; docs/attachments.md)`);
      throw new ApiRefusal(503, 'virus_scanner_unavailable', 'Files cannot be checked for viruses right now, so none are taken. Try again in a few minutes.');
    }
    if (error instanceof FileTooLarge) {
      throw new ApiRefusal(413, 'payload_too_large', `The file is larger than ${maxFileBytes / (1024 * 1024)} MB; attach a smaller one.`);
    }
    throw isSenderFault(error) ? malformed() : error;
  }
}
