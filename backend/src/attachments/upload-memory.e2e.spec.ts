import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { submitProject } from '../../test/support/escrow-flows';
import { createSeller, createUser, HttpSession, TEST_PASSWORD } from '../../test/support/http-session';
import { TINY_PDF } from '../../test/support/multipart';
import { createTestApp, type TestApp } from '../../test/support/test-app';

const MB = 1024 * 1024;
/** A body held whole would show what was sent so far here; a streamed one shows a few chunks. */
const LIVE_BOUND_MB = 8;
/** Where the upload stops for a look at live memory: each look is a full collection, so a few. */
const CHECKPOINTS_MB = [8, 16];
/** Reading 200 MB whole would pass this; garbage awaiting a collection stays under it. */
const RESIDENT_BOUND_MB = 160;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Heap in use plus Buffers, after a full collection (the second frees the first's array buffers). */
function collectedLiveBytes(): number {
  collectGarbage();
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * Issue 27: a 200 MB upload is refused without the API's memory growing past a bound. The upload
 * goes over a real socket (not inject, which would hold the body whole), from a generator that
 * never holds more than one 256 KB chunk.
 *
 * The bound is on live memory (heap in use plus Buffers) after a forced full collection, looked at
 * when 8 and 16 MB have been sent and the server has read them: a server holding the body would
 * show about that much there. Resident memory, sampled every 25 ms, also counts read chunks that
 * are already garbage, and V8 lets up to 64 MB of those wait for a collection (its external-memory
 * soft limit): a 64 MB bound on it failed by chance (65.5 MB in a CI run), so it is only held
 * under what reading 200 MB whole would take. A collection at every sample instead starved the
 * upload on a busy machine (a worker's heap of a few hundred MB takes 250 ms and more to collect).
 * The client and the server share this process, so the figures are upper bounds for the server
 * alone. Measured figures: docs/attachments.md.
 */
describe('uploads stream: memory stays bounded', () => {
  let app: TestApp;
  let dataDir: string;
  let port: number;
  let seller: HttpSession;
  let milestoneId: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'escrow-upload-memory-'));
    app = await createTestApp({ dataDir });
    await app.http.listen(0, '127.0.0.1');
    port = (app.http.getHttpServer().address() as AddressInfo).port;
    const buyer = await createUser(app.db.pool);
    const sellerUser = await createSeller(app.db.pool, { name: 'Memory Framing' });
    seller = new HttpSession(app.http);
    await seller.login(sellerUser.email, TEST_PASSWORD);
    await seller.get('/api/user');
    const projectId = (await seller.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id as number;
    milestoneId = (
      await seller.post('/api/milestone', {
        job_id: projectId,
        title: 'Frame',
        definition: 'Framed.',
        payees: [{ jc_id: sellerUser.companyId, type: 'fixed', amount: '100.00' }],
      })
    ).body.m_id as number;
    await submitProject(seller, projectId);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /**
   * Sends `size` bytes of a PDF-looking file; answers the status (0 when the server hung up before
   * its answer could be read: it stops reading a refused upload), how much was sent, and the peak
   * growth of live and of resident memory.
   */
  async function upload(size: number): Promise<{ status: number; sentMb: number; liveMb: number; residentMb: number }> {
    const boundary = `----escrow${randomUUID()}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const liveBaseline = collectedLiveBytes();
    const residentBaseline = process.memoryUsage().rss;
    let sent = 0;
    let livePeak = liveBaseline;
    let residentPeak = residentBaseline;
    const sampler = setInterval(() => (residentPeak = Math.max(residentPeak, process.memoryUsage().rss)), 25);
    const checkpoints = CHECKPOINTS_MB.map((mb) => mb * MB).filter((at) => at < size);
    /** Once what was written has had time to reach the server and be read: live memory, collected. */
    const look = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      livePeak = Math.max(livePeak, collectedLiveBytes());
    };
    try {
      const status = await new Promise<number>((resolve, reject) => {
        // Its own connection, closed after the answer: a kept-alive socket would hold app.close() open.
        const req = httpRequest({
          agent: false,
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/milestone/${milestoneId}/attachments?to=version`,
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + TINY_PDF.length + size + tail.length),
            cookie: `sid=${seller.cookie('sid')}; XSRF-TOKEN=${seller.cookie('XSRF-TOKEN')}`,
            'x-xsrf-token': seller.cookie('XSRF-TOKEN')!,
            connection: 'close',
          },
        });
        let answered = false;
        req.on('response', (res) => {
          answered = true;
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        // The server may stop reading once it has refused: the rest of the body is not its problem.
        req.on('error', (error: NodeJS.ErrnoException) => {
          if (answered) return;
          if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve(0);
          else reject(error);
        });
        void (async () => {
          const write = (data: Buffer) => new Promise<void>((done) => (req.write(data) ? done() : req.once('drain', done)));
          await write(head);
          await write(TINY_PDF);
          for (; sent < size && !answered && !req.destroyed; sent += chunk.length) {
            if (sent >= (checkpoints[0] ?? Infinity)) {
              checkpoints.shift();
              await look();
            }
            await write(chunk.subarray(0, Math.min(chunk.length, size - sent)));
          }
          if (!answered) req.end(tail);
          else req.destroy();
        })().catch(reject);
      });
      return { status, sentMb: sent / MB, liveMb: (livePeak - liveBaseline) / MB, residentMb: (residentPeak - residentBaseline) / MB };
    } finally {
      clearInterval(sampler);
    }
  }

  it(`refuses 200 MB at the 25 MB limit, its live memory growing by less than ${LIVE_BOUND_MB} MB`, async () => {
    const events = async () => (await app.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;
    const before = await events();
    const refused = await upload(200 * MB);
    // 413, or the connection closed under the sender once the answer was sent: either way far
    // short of 200 MB read, and nothing recorded.
    if (refused.status !== 413) expect({ status: refused.status, stoppedEarly: refused.sentMb < 100 }).toEqual({ status: 0, stoppedEarly: true });
    expect(await events()).toBe(before);
    console.log(`200 MB upload refused: live memory grew by ${refused.liveMb.toFixed(1)} MB, resident by ${refused.residentMb.toFixed(1)} MB`);
    expect(refused.liveMb).toBeLessThan(LIVE_BOUND_MB);
    expect(refused.residentMb).toBeLessThan(RESIDENT_BOUND_MB);
  });

  it('stores a 24 MB file through the same bounded stream', async () => {
    const stored = await upload(24 * MB);
    expect(stored.status).toBe(201);
    console.log(`24 MB upload stored: live memory grew by ${stored.liveMb.toFixed(1)} MB, resident by ${stored.residentMb.toFixed(1)} MB`);
    expect(stored.liveMb).toBeLessThan(LIVE_BOUND_MB);
    expect(stored.residentMb).toBeLessThan(RESIDENT_BOUND_MB);
  });
});
