import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { progressBilledProject, scheduleLine as line } from '../../test/support/escrow-flows';
import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { multipart, TINY_PDF } from '../../test/support/multipart';
import { createTestApp, type TestApp } from '../../test/support/test-app';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const INVOICE = Buffer.concat([TINY_PDF, Buffer.from('% rebar invoice 1187')]);
const DRAWING = Buffer.concat([TINY_PDF, Buffer.from('% deck drawing rev A')]);
/** An error answer without its request id, which differs per request. */
const answer = ({ request_id: _, ...rest }: Record<string, unknown>) => rest;
/** An id no project reaches in a test. */
const NOWHERE = 2_000_000_000;

/**
 * Issue 38: the files of a progress-billed project's billing (invoices and photos of stored
 * materials, a change order's drawings) uploaded through the attachment intake, read by the
 * parties, the certifier and administrators and nobody else, and named by pay application lines
 * and change orders only when they are this project's.
 */
describe('progress billing: files of the billing, over HTTP', () => {
  let app: TestApp;
  let dataDir: string;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let sub: number;
  let s: HttpSession;
  let b: HttpSession;
  let certifier: HttpSession;
  let admin: HttpSession;
  let outsider: HttpSession;
  let certifierUser: CreatedUser;

  const session = async (user: CreatedUser) => new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId, { steppedUp: true }));
  const upload = (who: HttpSession, jobId: number, bytes: Buffer, name: string) => {
    const body = multipart(bytes, name);
    return who.request('POST', `/api/job/${jobId}/billing/attachments`, body.payload, body.headers);
  };
  /** A submitted progress-billed project with a two-line schedule approved. */
  const progressProject = () =>
    progressBilledProject(
      { buyer: b, seller: s },
      { buyer, sellerCompanyId: seller.companyId, lines: [line('1', 'Site work', '20000.00', seller.companyId), line('2', 'Concrete', '30000.00', sub)] },
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'escrow-billing-files-'));
    app = await createTestApp({ dataDir });
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting', services: ['General Contracting'] });
    sub = await createCompany(app.db.pool, { name: 'Desert Concrete' });
    certifierUser = await createUser(app.db.pool, { firstName: 'Ari', lastName: 'Architect' });
    s = await session(seller);
    b = await session(buyer);
    certifier = await session(certifierUser);
    admin = await session(await createUser(app.db.pool, { role: 'admin' }));
    outsider = await session(await createUser(app.db.pool));
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('takes the seller’s invoice and serves it to the parties, the certifier and administrators, and to nobody else', async () => {
    const jobId = await progressProject();
    expect((await b.put(`/api/job/${jobId}/certifier`, { user_id: certifierUser.userId })).status).toBe(200);

    const added = await upload(s, jobId, INVOICE, 'rebar invoice 1187.pdf');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      to: 'billing',
      original_id: null,
      name: 'rebar invoice 1187.pdf',
      size: INVOICE.length,
      media_type: 'application/pdf',
      sha256: sha256(INVOICE),
      by: { user_id: seller.userId, role: 'seller' },
      removed: null,
      download_url: `/api/job/${jobId}/billing/attachments/${added.body.attachment_id}/file`,
    });

    for (const reader of [s, b, certifier, admin]) {
      expect((await reader.get(`/api/job/${jobId}/billing/attachments`)).body).toEqual([added.body]);
      const file = await reader.get(added.body.download_url);
      expect(file.status).toBe(200);
      expect(file.headers).toMatchObject({ 'x-escrow-sha256': sha256(INVOICE), 'x-content-type-options': 'nosniff' });
      expect(String(file.body)).toContain('% rebar invoice 1187');
    }

    // An outsider learns nothing: the very answer a project that does not exist gets.
    const nowhere = await outsider.get(`/api/job/${NOWHERE}/billing/attachments`);
    expect(nowhere).toMatchObject({ status: 404, body: { code: 'no_such_project' } });
    for (const url of [`/api/job/${jobId}/billing/attachments`, added.body.download_url]) {
      const refused = await outsider.get(url);
      expect(refused.status).toBe(404);
      expect(answer(refused.body)).toEqual(answer(nowhere.body));
    }
    expect(answer((await upload(outsider, jobId, INVOICE, 'mine.pdf')).body)).toEqual(answer(nowhere.body));

    // The certifier reads the files and uploads none; the buyer uploads too (a change order's drawing).
    expect(await upload(certifier, jobId, DRAWING, 'drawing.pdf')).toMatchObject({ status: 403, body: { code: 'not_a_party' } });
    expect(await upload(b, jobId, DRAWING, 'deck drawing.pdf')).toMatchObject({ status: 201, body: { by: { role: 'buyer' } } });
  });

  it('refuses a pay application or a change order naming another project’s file, and accepts its own', async () => {
    const jobId = await progressProject();
    const other = await progressProject();
    const own = (await upload(s, jobId, INVOICE, 'invoice.pdf')).body.attachment_id as string;
    const foreign = (await upload(s, other, INVOICE, 'invoice.pdf')).body.attachment_id as string;

    // Another project's file is not this one's: not served here, not named here.
    expect(await b.get(`/api/job/${jobId}/billing/attachments/${foreign}/file`)).toMatchObject({ status: 404, body: { code: 'no_such_attachment' } });
    const bill = (evidence: string[]) =>
      s.post(`/api/job/${jobId}/pay-applications`, {
        period_to: '2026-11-30',
        lines: [{ line: '2', work_amount: '12000.00', stored_materials: '3000.00', evidence }],
      });
    const refused = await bill([foreign]);
    expect(refused).toMatchObject({ status: 400, body: { code: 'attachment_not_in_project' } });
    expect(refused.body.message).toContain(`Line 2: the evidence names a file not uploaded to this project's billing (${foreign})`);
    expect(await bill(['made-up-id'])).toMatchObject({ status: 400, body: { code: 'attachment_not_in_project' } });

    const submitted = await bill([own]);
    expect(submitted.status).toBe(201);
    const application = (await b.get(`/api/job/${jobId}/pay-applications/1`)).body;
    expect(application.lines.find((l: { line: string }) => l.line === '2').billed.evidence).toEqual([own]);

    const change = (attachment_ids: string[]) =>
      b.post(`/api/job/${jobId}/change-orders`, { reason: 'Owner asked for a deck.', changes: [{ line: '1', scheduled_value: '21000.00' }], attachment_ids });
    expect(await change([foreign])).toMatchObject({ status: 400, body: { code: 'attachment_not_in_project' } });
    expect(await change([own])).toMatchObject({ status: 201 });
  });
});
