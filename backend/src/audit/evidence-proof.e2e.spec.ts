import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

import type { ChainChecksView, EventStore } from '@escrow/domain';
import { type CliIo, ProjectionRunner, runProjectionsCli } from '@escrow/projections';
import sharp from 'sharp';

import { createParties, createSignedProject, type EscrowParties } from '../../test/support/escrow-project';
import { eventually } from '../../test/support/event-store-fixture';
import { createUser, HttpSession, startSession } from '../../test/support/http-session';
import { multipart, TINY_PDF } from '../../test/support/multipart';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { fileStoreOf } from '../attachments';
import { STORED_EVENT_STORE } from '../event-store/event-store.tokens';

const VERIFIER = resolve(__dirname, '../../../projections/bin/verify-audit-bundle.mjs');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pause = () => new Promise((done) => setTimeout(done, 20));

/** The verifier as an auditor runs it: its own process, no database, the bundle and what lies beside it. */
async function verifyOffline(file: string, keyFile: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [VERIFIER, file, '--public-key', keyFile]);
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: `${e.stdout}${e.stderr}` };
  }
}

function captureIo(): CliIo & { text: () => string } {
  const lines: string[] = [];
  return { text: () => lines.join('\n'), out: (t) => lines.push(t), err: (t) => lines.push(t), isTTY: false, untilStopped: () => Promise.resolve() };
}

interface Added {
  attachment_id: string;
  name: string;
  sha256: string;
  thumbnail_url: string | null;
}

describe('attachments in the proof: verify, audit bundles with their files, the point-in-time view', () => {
  let app: TestApp;
  let dataDir: string;
  let dir: string;
  let keyFile: string;
  let parties: EscrowParties;
  let adminSid: string;
  let admin: HttpSession;
  let projectId: number;
  let milestone: number;
  let plan: Added;
  let spec: Added;
  let photo: Added;
  let thumbnailSha: string;
  /** The photo as the seller uploaded it (stored drawn again). */
  let uploadedSha: string;
  const instants: Record<'before' | 'withSpec' | 'afterRemoval', string> = { before: '', withSpec: '', afterRemoval: '' };

  const objectPath = (hash: string) => join(dataDir, 'attachments', 'objects', hash.slice(0, 2), hash);
  const upload = async (bytes: Buffer, name: string): Promise<Added> => {
    const body = multipart(bytes, name);
    const added = await parties.sessions.seller.request('POST', `/api/milestone/${milestone}/attachments?to=version`, body.payload, body.headers);
    expect(added.status).toBe(201);
    return added.body as Added;
  };
  const asAdmin = (url: string) => app.http.inject({ method: 'GET', url, headers: { cookie: `sid=${adminSid}` } });
  /** `projections verify`, as the operator runs it, against this app's database and data folder. */
  const verify = async () => {
    const io = captureIo();
    const store = app.http.get<symbol, EventStore>(STORED_EVENT_STORE);
    const runner = app.http.get(ProjectionRunner);
    const code = await runProjectionsCli(
      ['verify'],
      async () => ({ runner, integrity: { store, pool: app.db.pool, files: fileStoreOf(app.config) }, close: async () => undefined }),
      io,
    );
    return { code, output: io.text() };
  };
  /** The project's bundle with its files, unpacked into a folder of its own as an auditor would. */
  const exportWithFiles = async (folder: string) => {
    const answer = await asAdmin(`/api/admin/audit/projects/${projectId}/bundle?withFiles=true`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/x-tar');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="escrow-audit-project-${projectId}.tar"`);
    const out = join(dir, folder);
    rmSync(out, { recursive: true, force: true });
    writeFileSync(join(dir, `${folder}.tar`), answer.rawPayload);
    await promisify(execFile)('mkdir', ['-p', out]);
    await promisify(execFile)('tar', ['-xf', join(dir, `${folder}.tar`), '-C', out]);
    return { bundle: join(out, `escrow-audit-project-${projectId}.jsonl`), files: join(out, `escrow-audit-project-${projectId}.files`) };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'escrow-evidence-proof-'));
    dir = mkdtempSync(join(tmpdir(), 'escrow-evidence-bundles-'));
    app = await createTestApp({ dataDir });
    parties = await createParties(app);
    const project = await createSignedProject(parties);
    projectId = project.jobId;
    milestone = project.firstMilestone;
    const adminUser = await createUser(app.db.pool, { role: 'admin' });
    adminSid = await startSession(app.db.pool, adminUser.userId);
    admin = new HttpSession(app.http).setCookie('sid', adminSid);
    const key = await admin.get('/api/admin/audit/signing-key');
    keyFile = join(dir, 'operator.pem');
    writeFileSync(keyFile, key.body.publicKeyPem);

    await pause();
    instants.before = new Date().toISOString();
    await pause();
    plan = await upload(TINY_PDF, 'Framing plan.pdf');
    spec = await upload(Buffer.concat([TINY_PDF, Buffer.from('% the specification\n')]), 'Specification.pdf');
    await pause();
    instants.withSpec = new Date().toISOString();
    await pause();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    uploadedSha = sha256(png);
    photo = await upload(png, 'site.png');
    expect(photo.thumbnail_url).not.toBeNull();
    const removed = await parties.sessions.seller.delete(`/api/milestone/${milestone}/attachments/${spec.attachment_id}`);
    expect(removed.status).toBeLessThan(300);
    await pause();
    instants.afterRemoval = new Date().toISOString();
    const thumbnail = await asAdmin(`/api/milestone/${milestone}/attachments/${photo.attachment_id}/thumbnail`);
    thumbnailSha = sha256(thumbnail.rawPayload);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists in the point-in-time view only the evidence that existed at that instant', async () => {
    const names = async (at: string) => {
      await eventually(
        () => admin.get(`/api/admin/job/${projectId}/as-of?at=${encodeURIComponent(instants.afterRemoval)}`),
        (r) => r.status === 200 && r.body.milestones[0]?.attachments.length === 2,
      );
      const view = await admin.get(`/api/admin/job/${projectId}/as-of?at=${encodeURIComponent(at)}`);
      expect(view.status).toBe(200);
      return (view.body.milestones[0].attachments as { name: string; removed: unknown }[]).map((a) => a.name);
    };
    expect(await names(instants.before)).toEqual([]);
    expect(await names(instants.withSpec)).toEqual(['Framing plan.pdf', 'Specification.pdf']);
    expect(await names(instants.afterRemoval)).toEqual(['Framing plan.pdf', 'site.png']);
    const then = await admin.get(`/api/admin/job/${projectId}/as-of?at=${encodeURIComponent(instants.withSpec)}`);
    expect(then.body.milestones[0].attachments[1]).toMatchObject({ attachment_id: spec.attachment_id, sha256: spec.sha256, removed: null });
  });

  it('passes verify and the offline verifier while every file is what its event records', async () => {
    const checked = await verify();
    expect(checked.output).toContain('verified: 3 attachments: 4 stored files read, 0 changed, 0 missing, every file hashes to what its event records');
    expect(checked.code).toBe(0);

    // Without its files: the attachments are listed, and the verifier says their bytes were not checked.
    const plain = await asAdmin(`/api/admin/audit/projects/${projectId}/bundle`);
    const listed = plain.body
      .split('\n')
      .filter((l) => l.includes('"record":"attachment"'))
      .map((l) => JSON.parse(l) as { attachmentId: string; sha256: string; thumbnailSha256: string | null; originalSha256: string | null; eventId: string });
    // Each with the hash of the file as uploaded: the documents' as stored, the photo's as the seller sent it
    // (this PNG, drawn by sharp, comes out of the re-encoding byte for byte; a phone's photo does not).
    expect(listed.map((a) => [a.attachmentId, a.sha256, a.thumbnailSha256, a.originalSha256])).toEqual([
      [plan.attachment_id, plan.sha256, null, plan.sha256],
      [spec.attachment_id, spec.sha256, null, spec.sha256],
      [photo.attachment_id, photo.sha256, thumbnailSha, uploadedSha],
    ]);
    writeFileSync(join(dir, 'plain.jsonl'), plain.body);
    const alone = await verifyOffline(join(dir, 'plain.jsonl'), keyFile);
    expect(alone.output).toContain('attachments: 3 listed, each the file its event records (name, size, type, SHA-256, and the SHA-256 and size as uploaded)');
    expect(alone.output).toContain('files: NOT CHECKED: 3 attachments are listed with their SHA-256, but the bundle was exported without its files');
    expect(alone.code).toBe(0);

    expect((await asAdmin(`/api/admin/audit/projects/${projectId}/bundle?withFiles=yes`)).statusCode).toBe(400);
    const intact = await exportWithFiles('intact');
    expect(readdirSync(intact.files).sort()).toEqual([plan.sha256, spec.sha256, photo.sha256, thumbnailSha].sort());
    const offline = await verifyOffline(intact.bundle, keyFile);
    expect(offline.output).toContain('files: 4 files beside the bundle, each hashes to the SHA-256 its event records');
    expect(offline.output).toContain('VERIFIED: the bundle is intact');
    expect(offline.code).toBe(0);

    // An auditor's copy changed after the export: the verifier names the file.
    writeFileSync(join(intact.files, plan.sha256), Buffer.concat([TINY_PDF, Buffer.from('% edited\n')]));
    rmSync(join(intact.files, thumbnailSha));
    const edited = await verifyOffline(intact.bundle, keyFile);
    expect(edited.code).toBe(1);
    expect(edited.output).toContain(`attachment ${plan.attachment_id} "Framing plan.pdf" of project ${projectId}, milestone ${milestone}`);
    expect(edited.output).toContain(`its bytes ${plan.sha256} in ${intact.files} no longer hashes to it: the file was changed`);
    expect(edited.output).toContain(`the thumbnail of attachment ${photo.attachment_id} "site.png"`);
    expect(edited.output).toContain(`its bytes ${thumbnailSha} is not in ${intact.files}`);
  });

  it('names a file changed on disk and a missing one in verify, the chain check and the offline verifier', async () => {
    const planPath = objectPath(plan.sha256);
    const original = readFileSync(planPath);
    writeFileSync(planPath, Buffer.concat([TINY_PDF, Buffer.from('% changed behind the store\n')]));
    // The removed attachment's bytes are kept for the audit, so their loss is a problem too.
    rmSync(objectPath(spec.sha256));
    try {
      const checked = await verify();
      expect(checked.code).toBe(6);
      expect(checked.output).toContain('BROKEN: 3 attachments: 4 stored files read, 1 changed, 1 missing');
      expect(checked.output).toMatch(
        new RegExp(
          `attachment ${plan.attachment_id} "Framing plan\\.pdf" of project ${projectId}, milestone ${milestone} \\(event [0-9a-f-]+, milestone-${milestone} revision \\d+\\): its bytes ${plan.sha256} in the file store no longer hashes to it: the file was changed`,
        ),
      );
      expect(checked.output).toContain(`attachment ${spec.attachment_id} "Specification.pdf" of project ${projectId}, milestone ${milestone}`);
      expect(checked.output).toContain(`its bytes ${spec.sha256} is not in the file store`);
      expect(checked.output).toContain('every hash chain intact');

      // The Operations page's check: the same walk in the API process, recorded for every process.
      expect((await admin.post('/api/admin/integrity/chain-checks', {})).status).toBe(202);
      const done = await eventually(
        () => admin.get('/api/admin/integrity/chain-checks'),
        (r) => (r.body as ChainChecksView).checks[0]?.state !== 'running',
      );
      const [check] = (done.body as ChainChecksView).checks;
      expect(check).toMatchObject({ origin: 'api', state: 'broken', brokenEvents: 0, files: { attachments: 3, files: 4, changed: 1, missing: 1 } });
      expect(check!.files!.problems.map((p) => [p.attachmentId, p.name, p.sha256, p.found, p.projectId, p.originalId])).toEqual([
        [plan.attachment_id, 'Framing plan.pdf', plan.sha256, 'changed', projectId, milestone],
        [spec.attachment_id, 'Specification.pdf', spec.sha256, 'missing', projectId, milestone],
      ]);

      // Exported now, the changed file goes into the archive as it is and the missing one is left out: both are named.
      const after = await exportWithFiles('after');
      const offline = await verifyOffline(after.bundle, keyFile);
      expect(offline.code).toBe(1);
      expect(offline.output).toContain(`attachment ${plan.attachment_id} "Framing plan.pdf"`);
      expect(offline.output).toContain(`its bytes ${plan.sha256} in ${after.files} no longer hashes to it: the file was changed`);
      expect(offline.output).toContain(`attachment ${spec.attachment_id} "Specification.pdf"`);
      expect(offline.output).toContain(`its bytes ${spec.sha256} is not in ${after.files}`);
    } finally {
      writeFileSync(planPath, original);
    }
  });
});
