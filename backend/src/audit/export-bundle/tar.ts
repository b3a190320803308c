import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

const BLOCK = 512;
/** ustar keeps a size in 11 octal digits. */
const MAX_SIZE = 8 ** 11 - 1;

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, length, 'ascii');
}

function octal(value: number, digits: number): string {
  return value.toString(8).padStart(digits, '0') + '\0';
}

/**
 * A POSIX ustar header of a plain file. Names are ours (`<bundle>.jsonl`, `<bundle>.files/<sha256>`):
 * ASCII, a folder of at most 155 characters and a name of at most 100.
 */
function header(path: string, size: number, mtime: Date): Buffer {
  if (!/^[\x20-\x7e]+$/.test(path)) throw new Error(`not an ASCII name: ${path}`);
  if (size > MAX_SIZE) throw new Error(`${path} is larger than a tar entry holds`);
  const slash = path.lastIndexOf('/');
  const [prefix, name] = path.length <= 100 ? ['', path] : [path.slice(0, slash), path.slice(slash + 1)];
  if (name.length > 100 || prefix.length > 155) throw new Error(`name too long for a tar entry: ${path}`);
  const h = Buffer.alloc(BLOCK, 0);
  field(h, 0, 100, name);
  field(h, 100, 8, octal(0o644, 7));
  field(h, 108, 8, octal(0, 7));
  field(h, 116, 8, octal(0, 7));
  field(h, 124, 12, octal(size, 11));
  field(h, 136, 12, octal(Math.floor(mtime.getTime() / 1000), 11));
  field(h, 148, 8, ' '.repeat(8));
  field(h, 156, 1, '0');
  field(h, 257, 6, 'ustar\0');
  field(h, 263, 2, '00');
  field(h, 345, 155, prefix);
  let sum = 0;
  for (const byte of h) sum += byte;
  field(h, 148, 8, octal(sum, 6) + ' ');
  return h;
}

/** A file of the local disk to put into a tar under `path`. */
export interface TarEntry {
  path: string;
  file: string;
}

/**
 * A tar of files on disk, streamed: each entry's header (its size read when its turn comes),
 * its bytes, the padding to a block, and the two empty blocks that end an archive.
 */
export async function* tarOf(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>, mtime: Date): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    const { size } = await stat(entry.file);
    yield header(entry.path, size, mtime);
    let sent = 0;
    for await (const chunk of createReadStream(entry.file)) {
      sent += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    if (sent !== size) throw new Error(`${entry.file} changed while it was archived`);
    if (size % BLOCK !== 0) yield Buffer.alloc(BLOCK - (size % BLOCK), 0);
  }
  yield Buffer.alloc(2 * BLOCK, 0);
}
