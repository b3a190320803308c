import { execFile } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

import { createParties, createSignedProject, type EscrowParties, proposeMilestone, runMilestone } from '../../test/support/escrow-project';
import { eventually } from '../../test/support/event-store-fixture';
import { createUser, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, TEST_AUDIT_KEY, type TestApp } from '../../test/support/test-app';
import { HeldFundsClockWorker } from '../held-funds';
import { developmentKey } from './audit-signing-key';

const VERIFIER = resolve(__dirname, '../../../projections/bin/verify-audit-bundle.mjs');

/** The verifier as an auditor runs it: its own process, no database, only the file (and the pinned key). */
async function verify(file: string, keyFile?: string, extra: string[] = []): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [VERIFIER, file, ...(keyFile ? ['--public-key', keyFile] : []), ...extra]);
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: `${e.stdout}${e.stderr}` };
  }
}

describe('audit export and the offline verifier', () => {
  let app: TestApp;
  let parties: EscrowParties;
  let admin: HttpSession;
  let projectId: number;
  let dir: string;
  let keyFile: string;

  beforeAll(async () => {
    app = await createTestApp({ paymentsSandboxSettleMs: 0 });
    parties = await createParties(app);
    const project = await createSignedProject(parties);
    projectId = project.jobId;
    await runMilestone(parties, project.firstMilestone, 'paid');
    await runMilestone(parties, await proposeMilestone(parties, projectId, '250.50'), 'funded');
    const adminUser = await createUser(app.db.pool, { role: 'admin' });
    admin = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, adminUser.userId));
    dir = mkdtempSync(join(tmpdir(), 'audit-bundle-'));
    keyFile = join(dir, 'operator.pem');
    // What the operator publishes: the public half of the configured key.
    const key = await admin.get('/api/admin/audit/signing-key');
    expect(key.body).toMatchObject({ algorithm: 'Ed25519', source: 'setting' });
    expect(createPublicKey(TEST_AUDIT_KEY).export({ format: 'pem', type: 'spki' })).toBe(key.body.publicKeyPem);
    writeFileSync(keyFile, key.body.publicKeyPem);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports a project, verifies it offline, and names the event when one byte of it is flipped', async () => {
    const answer = await admin.get(`/api/admin/audit/projects/${projectId}/bundle`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('application/x-ndjson');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="escrow-audit-project-${projectId}.jsonl"`);
    const text = String(answer.body);
    const file = join(dir, 'project.jsonl');
    writeFileSync(file, text);

    const intact = await verify(file, keyFile);
    expect(intact.output).toContain('VERIFIED: the bundle is intact');
    expect(intact.code).toBe(0);
    // The project's own stream, its two milestones', and the payee company's bank accounts (where the payout went).
    expect(intact.output).toMatch(/events: \d+ in 4 streams, every hash chain checked and intact/);
    const records = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type?: string; streamId?: string; data?: { payoutAccount?: { bankAccountId: number } } });
    const chosen = records.find((r) => r.type === 'PayoutAccountChosen');
    expect(chosen?.streamId).toBe(`bank-accounts-company-${parties.seller.companyId}`);
    expect(records.find((r) => r.type === 'DisbursementPaid')?.data?.payoutAccount).toMatchObject({
      bankAccountId: (chosen as { data: { bankAccountId: number } }).data.bankAccountId,
    });
    expect(intact.output).toMatch(/postings: \d+, each event's sum to zero and all together balance/);

    // One byte: the settled deposit of 102.25 (100.00 and the 2.25% fee) becomes 902.25.
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes('"type":"DepositSettled"') && l.includes('"amount":"102.25"'));
    expect(at).toBeGreaterThan(0);
    const settled = JSON.parse(lines[at]!) as { eventId: string; streamId: string; revision: number; position: string };
    lines[at] = lines[at]!.replace('"amount":"102.25"', '"amount":"902.25"');
    const tamperedFile = join(dir, 'tampered.jsonl');
    writeFileSync(tamperedFile, lines.join('\n'));
    expect(readFileSync(tamperedFile).length).toBe(Buffer.byteLength(text));

    const tampered = await verify(tamperedFile, keyFile);
    expect(tampered.code).toBe(1);
    expect(tampered.output).toContain('NOT VERIFIED');
    expect(tampered.output).toContain(
      `event ${settled.eventId} (${settled.streamId} revision ${settled.revision}, position ${settled.position}): its content (type, data or metadata) does not match its content hash`,
    );
    expect(tampered.output).toContain(`event ${settled.eventId} (${settled.streamId} revision ${settled.revision}): the ledger holds escrow 102.25`);
    expect(tampered.output).toContain('are not the bytes the manifest signed');
  });

  // No personal data in events' copies either (docs/design.md#no-personal-data-in-events). The typed names of the agreement's
  // signers stay in the directory and the signed agreement; a bundle carries a SHA-256 of each
  // (salted with the event id), which an auditor given a name checks with --signer-name.
  it('carries a salted SHA-256 of each typed signature instead of the name, and checks a name the auditor is given', async () => {
    const text = String((await admin.get(`/api/admin/audit/projects/${projectId}/bundle`)).body);
    const names = { customer: parties.buyer.name, company: parties.seller.name };
    expect(text).not.toContain(names.customer);
    expect(text).not.toContain(names.company);
    const signatures = text
      .split('\n')
      .filter((line) => line.includes('"type":"ProjectAgreementSigned"'))
      .map((line) => JSON.parse(line) as { eventId: string; data: { party: 'customer' | 'company' }; redacted: unknown });
    // Signed when the project was submitted, and again after each of its two milestones was agreed (the text changed).
    expect(signatures).toHaveLength(6);
    for (const signature of signatures) {
      expect(signature.data).not.toHaveProperty('signedName');
      const name = names[signature.data.party];
      expect(signature.redacted).toEqual({ signedName: createHash('sha256').update(`${signature.eventId}:${name}`, 'utf8').digest('hex') });
    }
    const file = join(dir, 'names.jsonl');
    writeFileSync(file, text);

    const plain = await verify(file, keyFile);
    expect(plain.code).toBe(0);
    expect(plain.output).toContain('VERIFIED: the bundle is intact');
    expect(plain.output).toContain('signer names: 6 typed names are carried as salted SHA-256');
    const named = await verify(file, keyFile, ['--signer-name', names.customer, '--signer-name', names.company]);
    expect(named.code).toBe(0);
    expect(named.output).toContain("signer names: 6 of 6 match a name given, and those events' content hashes were checked");
    const wrong = await verify(file, keyFile, ['--signer-name', 'Somebody Else']);
    expect(wrong.code).toBe(0);
    expect(wrong.output).toContain('signer names: 0 of 6 match a name given');
  });

  it('refuses a bundle signed by another key than the pinned one, and one whose manifest was cut off', async () => {
    const file = join(dir, 'again.jsonl');
    const text = String((await admin.get(`/api/admin/audit/projects/${projectId}/bundle`)).body);
    writeFileSync(file, text);
    const stranger = join(dir, 'stranger.pem');
    writeFileSync(stranger, generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }));
    const wrongKey = await verify(file, stranger);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.output).toContain("the manifest's signature does not verify");
    const unpinned = await verify(file);
    expect(unpinned.code).toBe(0);
    expect(unpinned.output).toContain('key not pinned');
    writeFileSync(file, text.split('\n').slice(0, -2).join('\n') + '\n');
    expect((await verify(file, keyFile)).output).toContain('the bundle has no manifest');
  });

  it('exports every event recorded between two instants, streams cut at the range, and verifies it', async () => {
    const { rows } = await app.db.pool.query<{ at: Date }>(
      `SELECT recorded_at AS at FROM events WHERE type = 'DepositSettled' ORDER BY global_position LIMIT 1`,
    );
    const from = new Date(rows[0]!.at.getTime()).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const answer = await admin.get(`/api/admin/audit/bundle?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(answer.status).toBe(200);
    const file = join(dir, 'range.jsonl');
    writeFileSync(file, String(answer.body));
    const manifest = JSON.parse(String(answer.body).trim().split('\n').pop()!).manifest;
    // The range starts mid-stream: the milestone's chain is anchored on the event before it.
    expect(manifest.chainHeads.some((h: { firstRevision: number }) => h.firstRevision > 0)).toBe(true);
    const result = await verify(file, keyFile);
    expect(result.output).toContain('VERIFIED');
    expect(result.code).toBe(0);
    expect((await admin.get('/api/admin/audit/bundle?from=2026-11-02&to=2026-11-01')).status).toBe(400);
    expect((await admin.get('/api/admin/audit/bundle?from=yesterday&to=2026-11-01')).body.message).toContain('from must be a day like');
    expect((await admin.get('/api/admin/audit/projects/999999/bundle')).status).toBe(404);
  });

  it('carries a progress-billed project: its billing stream, the certifier invited, certifications, change orders and a shortfall reminder (issue 38)', async () => {
    const { buyer, seller } = parties.sessions;
    const created = await seller.post('/api/job/basic', {
      customer_id: parties.buyer.userId,
      customer_name: parties.buyer.name,
      service: 'General Contracting',
      primary_company_id: parties.seller.companyId,
      customerInitiated: false,
    });
    const jobId = created.body.job_id as number;
    await seller.put(`/api/job/${jobId}/billing`, { method: 'progress' });
    await seller.put(`/api/job/${jobId}/draft`, { isDraft: false, job_id: jobId });
    const proposed = await seller.post(`/api/job/${jobId}/schedule`, {
      lines: [{ number: '1', description: 'Site work', scheduled_value: '1000.00', payee_id: parties.seller.companyId, retainage: { rate: '10' } }],
    });
    await buyer.post(`/api/job/${jobId}/schedule/${proposed.body.versions[0].version_id}/approve`);
    const address = `inspector-${Date.now().toString(36)}@test.escrowledger.test`;
    expect((await buyer.post(`/api/job/${jobId}/certifier-invitations`, { email: address })).status).toBe(201);
    const { rows } = await app.db.pool.query<{ body: string }>('SELECT body FROM mail_outbox WHERE recipient = $1', [address]);
    const code = /\/certify\/join\/([A-Za-z0-9_-]+)/.exec(rows[0]!.body)![1];
    const inspector = new HttpSession(app.http);
    const accepted = await inspector.post(`/api/certifier-invitations/${code}/accept`, {
      first_name: 'Ivy',
      last_name: 'Inspector',
      password: 'Correct-horse-42',
    });
    expect(accepted.status).toBe(200);
    const certifier = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, accepted.body.user_id as number));
    await seller.post(`/api/job/${jobId}/pay-applications`, { period_to: '2026-11-30', lines: [{ line: '1', work_amount: '400.00' }] });
    expect((await certifier.post(`/api/job/${jobId}/pay-applications/1/certify`, { revision: 1, lines: [{ line: '1', decision: 'as_billed' }] })).status).toBe(
      200,
    );
    const order = await seller.post(`/api/job/${jobId}/change-orders`, { reason: 'A larger site.', changes: [{ line: '1', scheduled_value: '1200.00' }] });
    await buyer.post(`/api/job/${jobId}/change-orders/${order.body.change_orders[0].change_order_id}/approve`);
    // Nothing deposited: a reminder period later the held-funds clock reminds the buyer, and records it.
    const clock = app.http.get(HeldFundsClockWorker);
    const reminded = async () =>
      (await app.db.pool.query(`SELECT 1 FROM events WHERE stream_id = $1 AND type = 'BillingShortfallReminded'`, [`billing-${jobId}`])).rowCount;
    await eventually(
      async () => (await clock.pass(new Date(Date.now() + 4 * 86_400_000).toISOString()), reminded()),
      (n) => n === 1,
    );

    const text = String((await admin.get(`/api/admin/audit/projects/${jobId}/bundle`)).body);
    const file = join(dir, 'billing.jsonl');
    writeFileSync(file, text);
    const intact = await verify(file, keyFile);
    expect(intact.output).toContain('VERIFIED: the bundle is intact');
    const records = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type?: string; streamId?: string });
    expect(records.filter((r) => r.streamId === `billing-${jobId}`).map((r) => r.type)).toEqual([
      'ScheduleVersionProposed',
      'ScheduleVersionApproved',
      'CertifierInvited',
      'CertifierNamed',
      'PayApplicationSubmitted',
      'PayApplicationCertified',
      'PayApplicationAccepted',
      'PayApplicationPaymentReleased',
      'ChangeOrderProposed',
      'ChangeOrderApproved',
      'BillingShortfallReminded',
    ]);
    // No address of the invited certifier in the ledger's copy: it stays in the directory.
    expect(text).not.toContain(address);
    // A certified figure changed by one character is named.
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes('"type":"PayApplicationPaymentReleased"') && l.includes('"total":"360.00"'));
    expect(at).toBeGreaterThan(0);
    lines[at] = lines[at]!.replace('"total":"360.00"', '"total":"960.00"');
    writeFileSync(file, lines.join('\n'));
    const tampered = await verify(file, keyFile);
    expect(tampered.code).toBe(1);
    expect(tampered.output).toContain('does not match its content hash');
  });

  it('runs the chain check of the Operations page and shows its outcome', async () => {
    const started = await admin.post('/api/admin/integrity/chain-checks');
    expect(started).toMatchObject({ status: 202, body: { started: true } });
    const done = await eventually(
      () => admin.get('/api/admin/integrity/chain-checks'),
      (a) => a.body.checks[0]?.id === started.body.id && a.body.checks[0].state !== 'running',
    );
    expect(done.body).toMatchObject({ running: false, checks: [{ origin: 'api', state: 'passed', brokenEvents: 0, breaks: [], stale: false }] });
    expect(done.body.checks[0].checked).toBe(done.body.checks[0].total);
  });

  it('generates a development key in the data folder once and keeps it', () => {
    const dataDir = join(dir, 'data');
    const first = developmentKey(dataDir);
    const second = developmentKey(dataDir);
    expect(createPublicKey(first).export({ format: 'pem', type: 'spki' })).toBe(createPublicKey(second).export({ format: 'pem', type: 'spki' }));
    expect((statSync(join(dataDir, 'audit-signing-key.pem')).mode & 0o777).toString(8)).toBe('600');
    expect(readdirSync(dataDir)).toEqual(['audit-signing-key.pem']); // no draft left beside it
  });
});
