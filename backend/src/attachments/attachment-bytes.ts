import { notFound } from '@escrow/domain';
import { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

import type { FileStore } from './storage/file-store';

/** A recorded file's bytes as a download serves them: both places' downloads (milestones, retainage disputes) share them. */
export interface AttachmentBytes {
  name: string;
  mediaType: string;
  sha256: string;
  stream: NodeJS.ReadableStream;
}

/** The stored bytes of a recorded file (or its thumbnail), named for the download. */
export async function bytesOf(
  store: FileStore,
  file: { name: string; mediaType: string; sha256: string; thumbnailSha256: string | null },
  which: 'file' | 'thumbnail',
  noSuchFile: () => Error,
): Promise<AttachmentBytes> {
  const sha256 = which === 'thumbnail' ? file.thumbnailSha256 : file.sha256;
  if (!sha256) throw noSuchFile();
  const stream = await store.open(sha256);
  if (!stream) throw notFound('attachment_missing', 'This file’s bytes are missing from the store; an administrator has been told by the integrity check.');
  return which === 'thumbnail'
    ? { name: `${file.name}.webp`, mediaType: 'image/webp', sha256, stream }
    : { name: file.name, mediaType: file.mediaType, sha256, stream };
}

/** The headers every attachment download carries, and its bytes. */
export function served(file: AttachmentBytes, disposition: 'attachment' | 'inline', reply: FastifyReply): StreamableFile {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "sandbox; default-src 'none'");
  reply.header('x-escrow-sha256', file.sha256);
  return new StreamableFile(file.stream as never, { type: file.mediaType, disposition: contentDisposition(disposition, file.name) });
}

/** RFC 6266: an ASCII fallback name (quotes, backslashes and non-ASCII replaced) and the exact name in UTF-8. */
function contentDisposition(disposition: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
