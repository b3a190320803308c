import { randomUUID } from 'node:crypto';

import type { HttpSession } from './http-session';

/** One part of a multipart/form-data body: a file when it has a file name, else a text field. */
export interface Part {
  field: string;
  bytes: Buffer;
  fileName?: string;
  declaredType?: string;
}

/** A multipart/form-data body of these parts, in this order, as a browser sends it. */
export function multipartOf(parts: Part[]) {
  const boundary = `----escrow${randomUUID()}`;
  const payload = Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"${p.fileName === undefined ? '' : `; filename="${p.fileName}"`}\r\n` +
          (p.fileName === undefined ? '\r\n' : `Content-Type: ${p.declaredType ?? 'application/octet-stream'}\r\n\r\n`),
      ),
      p.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipart(bytes: Buffer, fileName: string, field = 'file', declaredType = 'application/octet-stream') {
  return multipartOf([{ field, bytes, fileName, declaredType }]);
}

/** The smallest file the attachment intake takes as a PDF (its bytes start with %PDF). */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Uploads a small PDF (named `name`, its bytes unique to it) to a progress-billed project's billing; answers its attachment id. */
export async function uploadBillingFile(session: HttpSession, jobId: number, name: string): Promise<string> {
  const upload = multipart(Buffer.concat([TINY_PDF, Buffer.from(`% ${name}`)]), name);
  const answer = await session.request('POST', `/api/job/${jobId}/billing/attachments`, upload.payload, upload.headers);
  if (answer.status !== 201) throw new Error(`uploading ${name} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.attachment_id as string;
}
