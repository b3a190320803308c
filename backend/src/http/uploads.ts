import fastifyMultipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

import type { AppConfig } from '../config/app-config';

/**
 * multipart/form-data for file uploads: one file per request, streamed to the handler (never
 * buffered here). Busboy stops a file one byte past ATTACHMENT_MAX_MB (it truncates quietly in
 * stream mode); the file store, which counts the bytes it is given, refuses it at that byte.
 */
export async function registerUploads(app: NestFastifyApplication, config: Pick<AppConfig, 'attachments'>): Promise<void> {
  await app.register(fastifyMultipart as never, {
    limits: { fileSize: config.attachments.maxFileBytes + 1, files: 1, fields: 10, parts: 11, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
}
