import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';

import { signByBoth, submitProject } from '../../test/support/escrow-flows';
import { paidOutRetainedProject } from '../../test/support/escrow-project';
import { eventually } from '../../test/support/event-store-fixture';
import { type CreatedUser, createSeller, createUser, HttpSession, TEST_PASSWORD } from '../../test/support/http-session';
import { multipart, multipartOf, TINY_PDF } from '../../test/support/multipart';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { loadConfig } from '../config/app-config';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const PDF = TINY_PDF;
const KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Send a new key with each new request; repeat a key only to retry the very same request.';
const ONE_FILE = 'Attach one file at a time: this upload holds more than one.';
/** An id no milestone or project will reach in a test (ids are at most 2,147,483,647). */
const NOWHERE = 2_000_000_000;
/** The start of a Windows executable ("MZ", then a PE header), renamed by its sender. */
const EXECUTABLE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(2000),
]);

/** A photo as a phone takes it: a JPEG whose EXIF names the camera and where it was taken. */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#b5651d' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 12', Artist: 'Sam Seller' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 26/1 5412/100', GPSLongitudeRef: 'W', GPSLongitude: '112/1 4/1 3300/100' },
    })
    .toBuffer();
}

describe('attachments: evidence on milestones, over HTTP', () => {
  let app: TestApp;
  let dataDir: string;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let b: HttpSession;
  let s: HttpSession;
  let admin: HttpSession;
  let outsider: HttpSession;

  const login = async (user: CreatedUser) => {
    const session = new HttpSession(app.http);
    await session.login(user.email, TEST_PASSWORD);
    return session;
  };
  const upload = (session: HttpSession, id: number, query: string, bytes: Buffer, name: string, headers: Record<string, string> = {}) => {
    const body = multipart(bytes, name);
    return session.request('POST', `/api/milestone/${id}/attachments?${query}`, body.payload, { ...body.headers, ...headers });
  };
  const eventCount = async () => (await app.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;
  const storedFiles = async () => {
    try {
      return (await readdir(join(dataDir, 'attachments', 'objects'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
    } catch {
      return 0;
    }
  };
  /** A submitted project with one milestone the seller proposed. */
  const proposed = async () => {
    const jobId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id as number;
    const id = (
      await s.post('/api/milestone', {
        job_id: jobId,
        title: 'Frame',
        definition: 'Framed.',
        payees: [{ jc_id: seller.companyId, type: 'fixed', amount: '1000.00' }],
      })
    ).body.m_id as number;
    await submitProject(s, jobId);
    return { jobId, id };
  };
  const funded = async () => {
    const { jobId, id } = await proposed();
    await b.post('/api/milestone/approval', { milestone_id: id, approve: true });
    await s.post('/api/milestone/approval', { milestone_id: id, approve: true });
    await signByBoth({ buyer: b, seller: s }, jobId, { buyer: buyer.name, seller: seller.name });
    await b.post('/api/milestone/deposit', { milestone_id: id });
    await eventually(
      () => b.get(`/api/milestone/${id}/deposits`),
      (r) => r.body[0]?.cleared_at != null,
    );
    return { jobId, id };
  };

  // The app reads these on each upload: a test may point clamd somewhere for its own duration.
  const attachments = { ...loadConfig({}).attachments, maxFileBytes: 2 * 1024 * 1024 };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'escrow-attachments-e2e-'));
    app = await createTestApp({ dataDir, attachments });
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Evidence Framing' });
    b = await login(buyer);
    s = await login(seller);
    admin = await login(await createUser(app.db.pool, { role: 'admin' }));
    outsider = await login(await createUser(app.db.pool));
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('records a drawing on the proposed terms, lists it and serves the same bytes as a download that never runs', async () => {
    const { jobId, id } = await proposed();
    // The card counts the milestone's files, so that one without files asks for none.
    expect((await b.get(`/api/job/${jobId}/milestones`)).body[0].attachment_count).toBe(0);
    const added = await upload(s, id, 'to=version', PDF, 'C:\\fakepath\\Framing plan rev B.pdf');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      to: 'version',
      version_id: id,
      name: 'Framing plan rev B.pdf',
      size: PDF.length,
      media_type: 'application/pdf',
      sha256: sha256(PDF),
      // Not an image: stored as it came, so what was uploaded is what is stored.
      original_sha256: sha256(PDF),
      original_size: PDF.length,
      by: { user_id: seller.userId, role: 'seller' },
      removed: null,
      thumbnail_url: null,
    });
    const listed = await b.get(`/api/milestone/${id}/attachments`);
    expect(listed.body).toEqual([added.body]);
    await eventually(
      () => b.get(`/api/job/${jobId}/milestones`),
      (r) => r.body[0]?.attachment_count === 1,
    );
    const file = await b.get(added.body.download_url);
    expect(file.status).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'x-escrow-sha256': sha256(PDF),
    });
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Framing plan rev B.pdf"; filename*=UTF-8''Framing%20plan%20rev%20B.pdf`);
    expect(file.body).toBe(PDF.toString());
  });

  it('with a virus scanner configured that does not answer, takes no file at all (503) and records nothing', async () => {
    const { id } = await proposed();
    const [events, files] = [await eventCount(), await storedFiles()];
    attachments.clamd = { path: join(dataDir, 'clamd-not-running.sock') };
    try {
      const refused = await upload(s, id, 'to=version', PDF, 'plan.pdf');
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe('Files cannot be checked for viruses right now, so none are taken. Try again in a few minutes.');
    } finally {
      attachments.clamd = null;
    }
    expect((await b.get(`/api/milestone/${id}/attachments`)).body).toEqual([]);
    expect([await eventCount(), await storedFiles()]).toEqual([events, files]);
  });

  it('gives a photo back without its GPS position and camera, with a thumbnail', async () => {
    const { id } = await funded();
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const added = await upload(s, id, 'to=completion', photo, 'north wall.jpg');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ to: 'completion', media_type: 'image/jpeg', thumbnail_url: expect.stringMatching(/\/thumbnail$/) });
    expect(added.body.sha256).not.toBe(sha256(photo)); // drawn again from its pixels
    // The photo as its taker holds it is in the ledger too (its hash and size, not its bytes).
    expect(added.body).toMatchObject({ original_sha256: sha256(photo), original_size: photo.length });
    expect((await b.get(`/api/milestone/${id}/attachments`)).body[0]).toMatchObject({ original_sha256: sha256(photo), original_size: photo.length });
    const served = await app.http.inject({ method: 'GET', url: added.body.download_url, headers: { cookie: `sid=${b.cookie('sid')}` } });
    const bytes = served.rawPayload;
    expect(sha256(bytes)).toBe(added.body.sha256);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
    const thumbnail = await app.http.inject({ method: 'GET', url: added.body.thumbnail_url, headers: { cookie: `sid=${b.cookie('sid')}` } });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.headers['content-disposition']).toMatch(/^inline; /);
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(320);
  });

  it('refuses a renamed executable whatever its name or declared type, and stores nothing of it', async () => {
    const { id } = await proposed();
    const [events, files] = [await eventCount(), await storedFiles()];
    for (const name of ['invoice.pdf', 'photo.jpg', 'setup.exe']) {
      const refused = await upload(s, id, 'to=version', EXECUTABLE, name);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Attach images (JPEG, PNG, WebP), PDF files or office documents (Word, Excel, PowerPoint).');
    }
    expect([await eventCount(), await storedFiles()]).toEqual([events, files]);
  });

  it('refuses a file over ATTACHMENT_MAX_MB as it arrives, with the limit in the message', async () => {
    const { id } = await proposed();
    const [events, files] = [await eventCount(), await storedFiles()];
    const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const refused = await upload(s, id, 'to=version', big, 'scan.pdf');
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('The file is larger than 2 MB; attach a smaller one.');
    expect([await eventCount(), await storedFiles()]).toEqual([events, files]);
    // An image is counted before it is decoded: over the limit, it never reaches the decoder whole.
    const photo = await photoWithGps();
    const bigPhoto = Buffer.concat([photo.subarray(0, photo.length - 2), Buffer.alloc(3 * 1024 * 1024), photo.subarray(photo.length - 2)]);
    expect((await upload(s, id, 'to=version', bigPhoto, 'huge.jpg')).status).toBe(413);
    expect([await eventCount(), await storedFiles()]).toEqual([events, files]);
  });

  it('shows files only to the parties and administrators: everyone else is told there is no such file', async () => {
    const { id } = await proposed();
    const added = (await upload(s, id, 'to=version', PDF, 'plan.pdf')).body;
    expect((await outsider.get(added.download_url)).status).toBe(404);
    expect((await outsider.get(`/api/milestone/${id}/attachments`)).status).toBe(404);
    expect((await upload(outsider, id, 'to=completion', PDF, 'mine.pdf')).status).toBe(404);
    expect((await admin.get(added.download_url)).status).toBe(200);
    expect((await s.get(`/api/milestone/${id}/attachments/not-a-uuid/file`)).status).toBe(404);
    expect((await s.get(`/api/milestone/${id}/attachments/${randomUUID()}/file`)).status).toBe(404);
  });

  it('closes the terms’ files once the other party approved them, before reading a byte', async () => {
    const { id } = await proposed();
    await b.post('/api/milestone/approval', { milestone_id: id, approve: true });
    const [events, files] = [await eventCount(), await storedFiles()];
    const refused = await upload(s, id, 'to=version', Buffer.concat([PDF, Buffer.from('another revision')]), 'rev C.pdf');
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'The other party approved this version with the files it had: propose an edit to change them.' },
    });
    expect([await eventCount(), await storedFiles()]).toEqual([events, files]);
  });

  it('takes each side’s evidence and the administrator’s in a dispute, and the administrator reads them all', async () => {
    const { id } = await funded();
    const opened = await b.post(`/api/milestone/${id}/dispute`, { statement: 'The wall is not plumb.' });
    const disputeId = opened.body.dispute.dispute_id as number;
    expect((await upload(b, id, 'to=dispute', PDF, 'level readings.pdf')).status).toBe(400); // which dispute?
    for (const [session, name] of [
      [b, 'buyer.pdf'],
      [s, 'seller.pdf'],
      [admin, 'inspector.pdf'],
    ] as const) {
      const added = await upload(session, id, `to=dispute&dispute_id=${disputeId}`, Buffer.concat([PDF, Buffer.from(name)]), name);
      expect(added.status).toBe(201);
    }
    const listed = (await admin.get(`/api/milestone/${id}/attachments`)).body as { name: string; by: { role: string }; dispute_id: number }[];
    expect(listed.map((a) => [a.name, a.by.role, a.dispute_id])).toEqual([
      ['buyer.pdf', 'buyer', disputeId],
      ['seller.pdf', 'seller', disputeId],
      ['inspector.pdf', 'admin', disputeId],
    ]);
  });

  it('records one file for a retried upload with the same Idempotency-Key', async () => {
    const { id } = await proposed();
    const key = { 'idempotency-key': `attach-${randomUUID()}` };
    const first = await upload(s, id, 'to=version', PDF, 'plan.pdf', key);
    const again = await upload(s, id, 'to=version', PDF, 'plan.pdf', key);
    expect(again.body.attachment_id).toBe(first.body.attachment_id);
    expect((await s.get(`/api/milestone/${id}/attachments`)).body).toHaveLength(1);
  });

  it('answers 422 to an Idempotency-Key sent again with another file or name, keeping nothing of it; the same file gets the first answer', async () => {
    const { id } = await proposed();
    const key = { 'idempotency-key': `attach-${randomUUID()}` };
    const revA = Buffer.concat([PDF, Buffer.from('% rev A\n')]);
    const first = await upload(s, id, 'to=version', revA, 'plan.pdf', key);
    expect(first.status).toBe(201);
    const [events, files] = [await eventCount(), await storedFiles()];
    for (const [bytes, name] of [
      [Buffer.concat([PDF, Buffer.from('% rev B\n')]), 'plan.pdf'],
      [revA, 'plan rev A.pdf'],
    ] as const) {
      const reused = await upload(s, id, 'to=version', bytes, name, key);
      expect(reused).toMatchObject({ status: 422, body: { message: KEY_REUSED } });
    }
    // A photo is fingerprinted as it was sent, before it is drawn again.
    expect((await upload(s, id, 'to=version', await photoWithGps(), 'plan.pdf', key)).status).toBe(422);
    expect([await eventCount(), await storedFiles()]).toEqual([events, files]);
    const again = await upload(s, id, 'to=version', revA, 'plan.pdf', key);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect((await s.get(`/api/milestone/${id}/attachments`)).body).toEqual([first.body]);
  });

  it('attaches one of two uploads racing with one Idempotency-Key and different files, refuses the other and keeps nothing of it', async () => {
    const { id } = await proposed();
    const key = { 'idempotency-key': `race-${randomUUID()}` };
    const [events, files] = [await eventCount(), await storedFiles()];
    const answers = await Promise.all(
      ['one', 'two'].map((n) => upload(s, id, 'to=version', Buffer.concat([PDF, Buffer.from(`% ${n}\n`), Buffer.alloc(200_000, 0x20)]), `${n}.pdf`, key)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect([await eventCount(), await storedFiles()]).toEqual([events + 1, files + 1]);
  });

  it('strips bidirectional and other format characters from a file’s name, so that it reads as what it is', async () => {
    const { id } = await proposed();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    // U+202E turns the rest around: shown as "photoexe.png", it is named "…gnp.exe".
    const added = await upload(s, id, 'to=version', png, 'photo\u202Egnp.exe');
    expect(added.status).toBe(201);
    expect(added.body.name).toBe('photognp.exe');
    expect((await b.get(added.body.download_url)).headers['content-disposition']).toBe(`attachment; filename="photognp.exe"; filename*=UTF-8''photognp.exe`);
    const named = async (name: string) => (await upload(s, id, 'to=version', Buffer.concat([PDF, Buffer.from(name)]), name)).body.name as string;
    expect(await named('re\u200Bport\u2066 final\u2069\u00AD\u0085.pdf\uFEFF')).toBe('report final.pdf');
    // Nothing left of the name: it is named by what its bytes are.
    expect(await named('\u202E\u200F\u2067')).toBe('file.pdf');
    expect(((await b.get(`/api/milestone/${id}/attachments`)).body as { name: string }[]).map((f) => f.name)).toEqual([
      'photognp.exe',
      'report final.pdf',
      'file.pdf',
    ]);
  });

  it('refuses an upload holding two files with 400, keeping nothing of either', async () => {
    const { id } = await proposed();
    const [events, files] = [await eventCount(), await storedFiles()];
    const one = Buffer.concat([PDF, Buffer.from('% one\n'), Buffer.alloc(300_000, 0x20)]);
    const two = Buffer.concat([PDF, Buffer.from('% two\n')]);
    const bodies = [
      multipartOf([
        { field: 'file', bytes: one, fileName: 'one.pdf' },
        { field: 'file', bytes: two, fileName: 'two.pdf' },
      ]),
      multipartOf([
        { field: 'file', bytes: await photoWithGps(), fileName: 'wall.jpg' },
        { field: 'note', bytes: Buffer.from('and another') },
        { field: 'also', bytes: two, fileName: 'two.pdf' },
      ]),
    ];
    for (const body of bodies) {
      const refused = await s.request('POST', `/api/milestone/${id}/attachments?to=version`, body.payload, body.headers);
      expect(refused).toMatchObject({ status: 400, body: { message: ONE_FILE } });
    }
    expect([await eventCount(), await storedFiles()]).toEqual([events, files]);
    expect((await s.get(`/api/milestone/${id}/attachments`)).body).toEqual([]);
  });

  it('answers a stranger on every attachment route exactly as for a milestone or project that never was', async () => {
    const first = await proposed();
    const added = (await upload(s, first.id, 'to=version', Buffer.concat([PDF, Buffer.from('% walked past\n')]), 'plan.pdf')).body;
    const last = await proposed();
    const file = Buffer.concat([PDF, Buffer.from('% a stranger’s\n')]);
    /** Everything of an answer that could tell one id from another (each answer has a request id of its own, of one length). */
    const answer = async (method: 'GET' | 'POST' | 'DELETE', url: string) => {
      const body = method === 'POST' ? multipart(file, 'mine.pdf') : null;
      const r = await outsider.request(method, url, body?.payload, body?.headers);
      expect(r.body.request_id).toBe(r.headers['x-request-id']);
      return { status: r.status, type: r.headers['content-type'], length: r.headers['content-length'], body: JSON.stringify({ ...r.body, request_id: '…' }) };
    };
    const milestoneRoutes = (m: number) => [
      answer('GET', `/api/milestone/${m}/attachments`),
      answer('POST', `/api/milestone/${m}/attachments?to=completion`),
      answer('GET', `/api/milestone/${m}/attachments/${added.attachment_id}/file`),
      answer('GET', `/api/milestone/${m}/attachments/${added.attachment_id}/thumbnail`),
      answer('DELETE', `/api/milestone/${m}/attachments/${added.attachment_id}`),
    ];
    const projectRoutes = (j: number) => [
      answer('GET', `/api/job/${j}/retainage/attachments`),
      answer('POST', `/api/job/${j}/retainage/attachments?dispute_id=1`),
      answer('GET', `/api/job/${j}/retainage/attachments/${added.attachment_id}/file`),
      answer('GET', `/api/job/${j}/retainage/attachments/${added.attachment_id}/thumbnail`),
      answer('DELETE', `/api/job/${j}/retainage/attachments/${added.attachment_id}`),
    ];
    const nowhere = { milestone: await Promise.all(milestoneRoutes(NOWHERE)), project: await Promise.all(projectRoutes(NOWHERE)) };
    expect(nowhere.milestone.every((a) => a.status === 404)).toBe(true);
    expect(nowhere.project.every((a) => a.status === 404)).toBe(true);
    const [events, files] = [await eventCount(), await storedFiles()];
    for (let m = first.id - 3; m <= last.id; m++) expect({ m, answers: await Promise.all(milestoneRoutes(m)) }).toEqual({ m, answers: nowhere.milestone });
    for (let j = first.jobId - 3; j <= last.jobId; j++) expect({ j, answers: await Promise.all(projectRoutes(j)) }).toEqual({ j, answers: nowhere.project });
    expect([await eventCount(), await storedFiles()]).toEqual([events, files]);
    // Its parties still see it.
    expect((await b.get(`/api/milestone/${first.id}/attachments`)).body).toEqual([added]);
  });

  it('removes a file as an event: parties no longer get it, the administrator still does', async () => {
    const { id } = await proposed();
    const added = (await upload(s, id, 'to=version', Buffer.concat([PDF, Buffer.from('old')]), 'old quote.pdf')).body;
    expect((await b.delete(`/api/milestone/${id}/attachments/${added.attachment_id}`)).status).toBe(403);
    const removed = await s.delete(`/api/milestone/${id}/attachments/${added.attachment_id}`);
    expect(removed.body).toMatchObject({ attachment_id: added.attachment_id, removed: { by: seller.userId } });
    expect((await b.get(added.download_url)).status).toBe(404);
    expect((await admin.get(added.download_url)).status).toBe(200);
    expect((await b.get(`/api/milestone/${id}/attachments`)).body).toEqual([
      expect.objectContaining({ removed: expect.objectContaining({ by: seller.userId }) }),
    ]);
  });

  it('answers a request without a file, or not multipart, with what to send', async () => {
    const { id } = await proposed();
    expect((await s.post(`/api/milestone/${id}/attachments?to=version`, { file: 'x' })).body.message).toBe(
      'Send the file as multipart/form-data, in a field named file.',
    );
    const wrongField = multipart(PDF, 'plan.pdf', 'document');
    expect((await s.request('POST', `/api/milestone/${id}/attachments?to=version`, wrongField.payload, wrongField.headers)).body.message).toBe(
      'Send the file in a field named file.',
    );
    expect((await upload(s, id, 'to=elsewhere', PDF, 'plan.pdf')).status).toBe(400);
  });

  it('answers a malformed or cut-short multipart body with 400, storing nothing', async () => {
    const { id } = await proposed();
    const [events, files] = [await eventCount(), await storedFiles()];
    const good = multipart(Buffer.concat([PDF, Buffer.alloc(100_000, 0x20)]), 'plan.pdf');
    const bodies = [
      { payload: good.payload, headers: { 'content-type': 'multipart/form-data; boundary=not-the-one' } },
      { payload: good.payload.subarray(0, 50_000), headers: good.headers },
      {
        payload: Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\n%PDF'),
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      },
      { payload: Buffer.from('{"0":45}'), headers: { 'content-type': 'multipart/form-data; boundary=xyz' } },
    ];
    for (const body of bodies) {
      const answer = await s.request('POST', `/api/milestone/${id}/attachments?to=version`, body.payload, body.headers);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect([await eventCount(), await storedFiles()]).toEqual([events, files]);
  });

  it('takes evidence in a retainage dispute from both parties and an administrator, until it is resolved', async () => {
    const { jobId } = await paidOutRetainedProject({ buyer, seller, sessions: { buyer: b, seller: s } }, '10', '1000.00');
    expect((await b.post(`/api/job/${jobId}/retainage/dispute`, { statement: 'The railing is missing.' })).status).toBe(200);
    const disputeId = (await b.get(`/api/job/${jobId}/retainage`)).body.dispute.dispute_id as number;
    const attach = (session: HttpSession, bytes: Buffer, name: string, dispute = disputeId, headers: Record<string, string> = {}) => {
      const body = multipart(bytes, name);
      return session.request('POST', `/api/job/${jobId}/retainage/attachments?dispute_id=${dispute}`, body.payload, { ...body.headers, ...headers });
    };

    const fromBuyer = await attach(b, PDF, 'punch list.pdf');
    expect(fromBuyer.status).toBe(201);
    expect(fromBuyer.body).toMatchObject({ to: 'retainage_dispute', original_id: null, dispute_id: disputeId, sha256: sha256(PDF), by: { role: 'buyer' } });
    const photo = await photoWithGps();
    const fromSeller = await attach(s, photo, 'railing installed.jpg');
    expect(fromSeller.body).toMatchObject({
      media_type: 'image/jpeg',
      by: { role: 'seller' },
      thumbnail_url: expect.stringContaining(`/api/job/${jobId}/retainage/`),
    });
    const key = { 'idempotency-key': `evidence-${randomUUID()}` };
    const fromAdmin = await attach(admin, PDF, 'inspection.pdf', disputeId, key);
    expect(fromAdmin.body.by.role).toBe('admin');
    expect(await attach(admin, Buffer.concat([PDF, Buffer.from('% another\n')]), 'inspection.pdf', disputeId, key)).toMatchObject({
      status: 422,
      body: { message: KEY_REUSED },
    });
    expect((await attach(admin, PDF, 'inspection.pdf', disputeId, key)).body).toEqual(fromAdmin.body);
    expect((await attach(b, EXECUTABLE, 'photo.jpg')).status).toBe(400);
    expect((await attach(b, PDF, 'x.pdf', disputeId + 1000)).status).toBe(404);
    expect((await attach(outsider, PDF, 'x.pdf')).status).toBe(404);

    // Both sides and the administrator read all three; the seller's photo comes back without its GPS position.
    expect((await admin.get(`/api/job/${jobId}/retainage/attachments`)).body.map((f: { name: string }) => f.name)).toEqual([
      'punch list.pdf',
      'railing installed.jpg',
      'inspection.pdf',
    ]);
    const download = await app.http.inject({ method: 'GET', url: fromSeller.body.download_url, headers: { cookie: `sid=${b.cookie('sid')}` } });
    expect(download.headers).toMatchObject({ 'content-disposition': expect.stringMatching(/^attachment;/), 'x-content-type-options': 'nosniff' });
    expect(sha256(download.rawPayload)).toBe(fromSeller.body.sha256);
    expect((await sharp(download.rawPayload).metadata()).exif).toBeUndefined();
    expect((await outsider.get(fromSeller.body.download_url)).status).toBe(404);
    expect((await outsider.get(`/api/job/${jobId}/retainage/attachments`)).status).toBe(404);

    // Only its attacher removes a file; the ledger keeps it, and the history says so.
    expect((await b.request('DELETE', `/api/job/${jobId}/retainage/attachments/${fromSeller.body.attachment_id}`)).status).toBe(403);
    const removed = await s.request('DELETE', `/api/job/${jobId}/retainage/attachments/${fromSeller.body.attachment_id}`);
    expect(removed.body.removed).toMatchObject({ by: seller.userId });
    expect((await b.get(fromSeller.body.download_url)).status).toBe(404);
    expect((await admin.get(fromSeller.body.download_url)).status).toBe(200);

    // The point in time lists the evidence that existed then: the removed photo is gone now, not before.
    const asOf = async (instant: string) =>
      ((await admin.get(`/api/admin/job/${jobId}/as-of?at=${encodeURIComponent(instant)}`)).body.project.retainage_evidence as { name: string }[]).map(
        (f) => f.name,
      );
    expect(await asOf(new Date().toISOString())).toEqual(['punch list.pdf', 'inspection.pdf']);
    expect(await asOf(new Date(Date.parse(removed.body.removed.at) - 1).toISOString())).toEqual(['punch list.pdf', 'railing installed.jpg', 'inspection.pdf']);

    // The signed bundle of the project lists each file with its hash, beside its event.
    const bundle = String((await admin.get(`/api/admin/audit/projects/${jobId}/bundle`)).body);
    const attachmentLines = bundle
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { record: string; sha256?: string; originalSha256?: string; originalSize?: number; originalId?: number | null })
      .filter((line) => line.record === 'attachment');
    // Each with the hash of what is stored and of what was uploaded (the photo before it was drawn again).
    expect(attachmentLines.map((l) => [l.sha256, l.originalSha256, l.originalSize, l.originalId])).toEqual([
      [sha256(PDF), sha256(PDF), PDF.length, null],
      [fromSeller.body.sha256, sha256(photo), photo.length, null],
      [sha256(PDF), sha256(PDF), PDF.length, null],
    ]);

    // Once an administrator resolved the dispute, its evidence is closed.
    expect((await admin.post(`/api/admin/job/${jobId}/retainage/resolve`, { resolution: 'release', note: 'Railing installed.' })).status).toBe(200);
    const late = await attach(s, PDF, 'late.pdf');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This retainage dispute is resolved: its evidence is closed.');
  });
});
