import { randomUUID } from 'node:crypto';

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipart(bytes: Buffer, fileName: string, field = 'file', declaredType = 'application/octet-stream') {
  const boundary = `----escrow${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${declaredType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest file the attachment intake takes as a PDF (its bytes start with %PDF). */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
