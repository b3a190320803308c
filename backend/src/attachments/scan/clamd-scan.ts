import { connect, type Socket } from 'node:net';

import type { ClamdAddress } from '../../config/app-config';

/** clamd found a signature in the file. */
export class FileInfected extends Error {
  constructor(readonly signature: string) {
    super(`The file matches ${signature}.`);
    this.name = 'FileInfected';
  }
}

/** The scanner did not give a verdict (not running, an error, a file over its StreamMaxLength): the file is refused, never let through unscanned. */
export class ScannerUnavailable extends Error {
  constructor(readonly why: string) {
    super(`The virus scanner gave no verdict: ${why}`);
    this.name = 'ScannerUnavailable';
  }
}

/** A verdict may take this long after the last byte (clamd's own default scan limit is 120 s; a file is 25 MB). */
const VERDICT_TIMEOUT_MS = 60_000;

/**
 * A file's bytes, unchanged, while clamd scans them (its INSTREAM command: each chunk sent as a
 * 4-byte big-endian length and the bytes, a zero length to end). The stream ends only once
 * clamd called the file clean: an infected file fails the stream with `FileInfected`, no
 * verdict with `ScannerUnavailable`, and whatever reads the stream (the file store) then keeps
 * nothing of it, as it keeps nothing of an upload whose sender broke off. Nothing connects until
 * the first byte is asked for.
 */
export async function* scannedByClamd(address: ClamdAddress, source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const session = new ClamdSession(address);
  try {
    for await (const chunk of source) {
      await session.send(chunk);
      yield chunk;
    }
    // The stream ends only after the verdict: a store keeps a file only once its stream ended.
    await session.verdict();
  } finally {
    session.close();
  }
}

/** One INSTREAM conversation with clamd. */
class ClamdSession {
  private readonly socket: Socket;
  private reply = '';
  private closed = false;
  private failure: ScannerUnavailable | null = null;
  private readonly changed = new Set<() => void>();

  constructor(address: ClamdAddress) {
    this.socket = connect(address);
    this.socket.setEncoding('utf8');
    this.socket.on('data', (text: string) => {
      this.reply += text;
      this.notify();
    });
    this.socket.on('error', (error: Error) => (this.failure ??= new ScannerUnavailable(error.message)));
    this.socket.on('close', () => {
      this.closed = true;
      this.notify();
    });
    this.socket.on('drain', () => this.notify());
    this.socket.write('zINSTREAM\0');
  }

  /** Sends one chunk; waits while clamd has not taken the last ones. Fails when clamd hung up (a size limit, or it stopped). */
  async send(chunk: Buffer): Promise<void> {
    if (this.closed || this.answered()) throw this.noVerdict();
    const length = Buffer.alloc(4);
    length.writeUInt32BE(chunk.length);
    this.socket.write(length);
    if (this.socket.write(chunk)) return;
    await this.until(() => !this.socket.writableNeedDrain || this.closed);
    if (this.closed) throw this.noVerdict();
  }

  /** Ends the file and waits for clamd's word on it: resolves when clean. */
  async verdict(): Promise<void> {
    if (!this.closed) this.socket.write(Buffer.alloc(4));
    const timer = setTimeout(() => {
      this.failure ??= new ScannerUnavailable(`no answer within ${VERDICT_TIMEOUT_MS / 1000} s`);
      this.socket.destroy();
    }, VERDICT_TIMEOUT_MS);
    try {
      await this.until(() => this.answered() || this.closed);
    } finally {
      clearTimeout(timer);
    }
    const answer = this.answer();
    if (answer === 'stream: OK') return;
    const found = /^stream: (.+) FOUND$/.exec(answer);
    if (found) throw new FileInfected(found[1]);
    throw this.noVerdict();
  }

  close(): void {
    this.socket.destroy();
  }

  private answered(): boolean {
    return this.reply.includes('\0');
  }

  private answer(): string {
    return this.reply.replace(/\0+$/, '').trim();
  }

  private noVerdict(): ScannerUnavailable {
    const answer = this.answer();
    if (answer) return new ScannerUnavailable(`clamd answered "${answer.slice(0, 200)}"`);
    return this.failure ?? new ScannerUnavailable('clamd closed the connection without an answer');
  }

  private until(condition: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        this.changed.delete(check);
        resolve();
      };
      this.changed.add(check);
      check();
    });
  }

  private notify(): void {
    for (const check of [...this.changed]) check();
  }
}
