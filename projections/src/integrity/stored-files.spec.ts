import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { EventMetadata, RecordedEvent } from '@escrow/domain';
import canonicalize from 'canonicalize';

import { AuditBundleWriter, verifyAuditBundle } from './audit-bundle';
import { filesFolderOf, verifyBundleFiles } from './audit-bundle-files';
import { chainEvents, GENESIS_HASH } from './event-hashes';
import { StoredFilesCheck, type StoredFileState } from './stored-files';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PLAN = 'the framing plan, rev B';
const PHOTO = 'a photo of the north wall';
const THUMB = 'its thumbnail';
/** The photo as its taker holds it: stored drawn again (PHOTO), recorded by its hash and size only. */
const TAKEN = 'a photo of the north wall, with the camera’s metadata';
const metadata = { actorId: 2, actorRole: 'user', correlationId: 'c', causationId: 'c', occurredAt: '2026-11-01T10:00:00.000Z', schemaVersion: 1, jobId: 7 };

/** A milestone stream holding two attachments (the photo with a thumbnail, later removed) and a third naming the plan's bytes again. */
function milestoneStream(): RecordedEvent[] {
  // The plans' events are of schema version 1 (nothing said of what was uploaded), the photo's of 2.
  const file = (attachmentId: string, name: string, bytes: string, thumbnail: string | null, uploaded?: string) => ({
    type: 'AttachmentAdded',
    data: {
      ...(uploaded === undefined ? {} : { originalSha256: sha256(uploaded), originalSize: uploaded.length }),
      originalId: 12,
      at: 'x',
      attachmentId,
      to: { kind: 'completion' },
      name,
      size: bytes.length,
      mediaType: 'application/pdf',
      sha256: sha256(bytes),
      thumbnailSha256: thumbnail === null ? null : sha256(thumbnail),
      by: 2,
      byRole: 'company',
    },
  });
  const content = [
    { type: 'MilestoneProposed', data: { originalId: 12, jobId: 7, at: 'x' } },
    file('a-plan', 'plan.pdf', PLAN, null),
    file('a-photo', 'north wall.jpg', PHOTO, THUMB, TAKEN),
    { type: 'AttachmentRemoved', data: { originalId: 12, at: 'x', attachmentId: 'a-photo', by: 2 } },
    file('a-plan-again', 'plan copy.pdf', PLAN, null),
  ].map((e, i) => ({ ...e, id: `00000000-0000-4000-8000-00000000001${i}`, streamId: 'milestone-12', metadata }));
  const hashes = chainEvents(GENESIS_HASH, content);
  return content.map((e, i) => ({
    ...e,
    revision: i,
    position: { commit: 200n + BigInt(i), prepare: 200n + BigInt(i) },
    metadata: metadata as unknown as EventMetadata,
    recordedAt: new Date('2026-11-01T10:00:00.000Z'),
    integrity: hashes[i]!,
  }));
}

/** A file store holding the given texts under their hashes, counting its reads. */
function storeOf(files: Record<string, string>) {
  const reads: string[] = [];
  return {
    reads,
    check: async (hash: string): Promise<StoredFileState> => {
      reads.push(hash);
      await new Promise((resolve) => setTimeout(resolve, 1));
      const bytes = files[hash];
      if (bytes === undefined) return 'missing';
      return sha256(bytes) === hash ? 'intact' : 'changed';
    },
  };
}

async function checked(files: Record<string, string>) {
  const store = storeOf(files);
  const check = new StoredFilesCheck(store, { concurrency: 2 });
  for (const event of milestoneStream()) check.add(event);
  await check.settled();
  return { result: check.result(), ok: check.ok, reads: store.reads };
}

describe('the check of stored files', () => {
  it('reads every file the events record once, removed attachments and thumbnails included', async () => {
    const all = { [sha256(PLAN)]: PLAN, [sha256(PHOTO)]: PHOTO, [sha256(THUMB)]: THUMB };
    const { result, ok, reads } = await checked(all);
    expect(ok).toBe(true);
    expect(result).toEqual({ attachments: 3, files: 3, changed: 0, missing: 0, problems: [] });
    expect(reads.sort()).toEqual(Object.keys(all).sort());
  });

  it('names each attachment whose file changed or went missing, by project, milestone, id, name and hash', async () => {
    const { result, ok } = await checked({ [sha256(PLAN)]: 'the framing plan, rev C', [sha256(PHOTO)]: PHOTO });
    expect(ok).toBe(false);
    expect(result).toMatchObject({ attachments: 3, files: 3, changed: 2, missing: 1 });
    expect(result.problems.map((p) => [p.attachmentId, p.file, p.found])).toEqual([
      ['a-plan', 'file', 'changed'],
      ['a-photo', 'thumbnail', 'missing'],
      ['a-plan-again', 'file', 'changed'],
    ]);
    expect(result.problems[0]).toMatchObject({ projectId: 7, originalId: 12, name: 'plan.pdf', sha256: sha256(PLAN), streamId: 'milestone-12', revision: 1 });
    expect(result.problems[0]!.message).toBe(
      `attachment a-plan "plan.pdf" of project 7, milestone 12 (event 00000000-0000-4000-8000-000000000011, milestone-12 revision 1): its bytes ${sha256(PLAN)} in the file store no longer hashes to it: the file was changed`,
    );
    expect(result.problems[1]!.message).toContain(`the thumbnail of attachment a-photo "north wall.jpg" of project 7, milestone 12`);
    expect(result.problems[1]!.message).toContain(`its bytes ${sha256(THUMB)} is not in the file store`);
  });

  it('says of a re-encoded image whose stored file is missing what it was as uploaded', async () => {
    const { result } = await checked({ [sha256(PLAN)]: PLAN, [sha256(THUMB)]: THUMB });
    expect(result.problems).toEqual([expect.objectContaining({ attachmentId: 'a-photo', file: 'file', originalSha256: sha256(TAKEN), found: 'missing' })]);
    expect(result.problems[0]!.message).toContain(
      `its bytes ${sha256(PHOTO)} is not in the file store (as uploaded, before it was re-encoded: ${sha256(TAKEN)}, ${TAKEN.length} bytes, not kept)`,
    );
  });

  it('checks the evidence of a retainage dispute, on the project stream, and names it by its project', async () => {
    const check = new StoredFilesCheck(storeOf({}));
    check.add({
      id: 'e-1',
      streamId: 'job-7',
      revision: 4,
      type: 'RetainageEvidenceAdded',
      data: {
        jobId: 7,
        disputeId: 3,
        attachmentId: 'r-1',
        name: 'punch list.pdf',
        size: 4,
        mediaType: 'application/pdf',
        sha256: sha256(PLAN),
        thumbnailSha256: null,
      },
      metadata: {},
    });
    await check.settled();
    const result = check.result();
    expect(result.problems).toEqual([expect.objectContaining({ projectId: 7, originalId: null, attachmentId: 'r-1', found: 'missing' })]);
    expect(result.problems[0]!.message).toContain('attachment r-1 "punch list.pdf" of project 7, its retainage dispute (event e-1, job-7 revision 4)');
  });

  it("checks the files of a project's billing, on its billing stream, and names them by their project", async () => {
    const check = new StoredFilesCheck(storeOf({}));
    check.add({
      id: 'e-2',
      streamId: 'billing-7',
      revision: 5,
      type: 'BillingFileAdded',
      data: { jobId: 7, attachmentId: 'b-1', name: 'rebar invoice.pdf', size: 4, mediaType: 'application/pdf', sha256: sha256(PLAN), thumbnailSha256: null },
      metadata: {},
    });
    await check.settled();
    expect(check.result().problems).toEqual([expect.objectContaining({ projectId: 7, originalId: null, attachmentId: 'b-1', found: 'missing' })]);
    expect(check.result().problems[0]!.message).toContain('attachment b-1 "rebar invoice.pdf" of project 7, its billing (event e-2, billing-7 revision 5)');
  });

  it("checks the evidence of a progress-billed project's retainage dispute, on its billing stream", async () => {
    const check = new StoredFilesCheck(storeOf({}));
    check.add({
      id: 'e-3',
      streamId: 'billing-7',
      revision: 9,
      type: 'BillingRetainageEvidenceAdded',
      data: {
        jobId: 7,
        disputeId: 3,
        attachmentId: 'r-2',
        name: 'photos.pdf',
        size: 4,
        mediaType: 'application/pdf',
        sha256: sha256(PLAN),
        thumbnailSha256: null,
      },
      metadata: {},
    });
    await check.settled();
    expect(check.result().problems).toEqual([expect.objectContaining({ projectId: 7, originalId: null, attachmentId: 'r-2', found: 'missing' })]);
    expect(check.result().problems[0]!.message).toContain('attachment r-2 "photos.pdf" of project 7, its billing (event e-3, billing-7 revision 9)');
  });

  it('fails when the store cannot be read, rather than passing files it did not see', async () => {
    const check = new StoredFilesCheck({ check: () => Promise.reject(new Error('the bucket answered 503')) });
    for (const event of milestoneStream()) check.add(event);
    await expect(check.settled()).rejects.toThrow('the bucket answered 503');
  });
});

describe('audit bundles list the attachments, and the files beside them are checked', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pinned = { publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString() };
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'bundle-files-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  function bundle(withFiles: boolean): string {
    const writer = new AuditBundleWriter({ kind: 'project', jobId: 7 }, new Date('2026-11-02T00:00:00.000Z'), { withFiles });
    return (
      writer.header() +
      milestoneStream()
        .map((e) => writer.event(e))
        .join('') +
      writer.finish('204/204', publicKey, (bytes) => sign(null, bytes, privateKey))
    );
  }
  function filesBeside(files: Record<string, string>): string {
    const beside = filesFolderOf(join(folder, 'escrow-audit-project-7.jsonl'));
    mkdirSync(beside);
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(beside, name), bytes);
    return beside;
  }

  it('lists each attachment after its event with its hash, and verifies the files beside the bundle', async () => {
    const text = bundle(true);
    const listed = text
      .split('\n')
      .filter((l) => l.includes('"record":"attachment"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // What was uploaded beside what is stored; not recorded (null) in the plans' older events.
    expect(listed.map((a) => [a.attachmentId, a.name, a.sha256, a.thumbnailSha256, a.originalSha256, a.originalSize, a.projectId])).toEqual([
      ['a-plan', 'plan.pdf', sha256(PLAN), null, null, null, 7],
      ['a-photo', 'north wall.jpg', sha256(PHOTO), sha256(THUMB), sha256(TAKEN), TAKEN.length, 7],
      ['a-plan-again', 'plan copy.pdf', sha256(PLAN), null, null, null, 7],
    ]);
    const result = verifyAuditBundle(text, pinned);
    expect(result.problems).toEqual([]);
    expect(result.facts).toContain('attachments: 3 listed, each the file its event records (name, size, type, SHA-256, and the SHA-256 and size as uploaded)');
    const beside = filesBeside({ [sha256(PLAN)]: PLAN, [sha256(PHOTO)]: PHOTO, [sha256(THUMB)]: THUMB });
    expect(await verifyBundleFiles(result, beside)).toEqual({
      checked: true,
      problems: [],
      facts: ['files: 3 files beside the bundle, each hashes to the SHA-256 its event records'],
    });
  });

  it('names a changed and a missing file beside the bundle', async () => {
    const result = verifyAuditBundle(bundle(true), pinned);
    const beside = filesBeside({ [sha256(PLAN)]: 'the framing plan, rev C', [sha256(PHOTO)]: PHOTO });
    const files = await verifyBundleFiles(result, beside);
    expect(files.problems).toEqual([
      `attachment a-plan "plan.pdf" of project 7, milestone 12 (event 00000000-0000-4000-8000-000000000011 of milestone-12): its bytes ${sha256(PLAN)} in ${beside} no longer hashes to it: the file was changed`,
      `the thumbnail of attachment a-photo "north wall.jpg" of project 7, milestone 12 (event 00000000-0000-4000-8000-000000000012 of milestone-12): its bytes ${sha256(THUMB)} is not in ${beside}`,
      `attachment a-plan-again "plan copy.pdf" of project 7, milestone 12 (event 00000000-0000-4000-8000-000000000014 of milestone-12): its bytes ${sha256(PLAN)} in ${beside} no longer hashes to it: the file was changed`,
    ]);
  });

  it('says plainly when the files were not included, and when they were but are not beside the bundle', async () => {
    const without = await verifyBundleFiles(verifyAuditBundle(bundle(false), pinned), join(folder, 'nowhere.files'));
    expect(without).toEqual({
      checked: false,
      problems: [],
      facts: [
        'files: NOT CHECKED: 3 attachments are listed with their SHA-256, but the bundle was exported without its files (export it with its files to check them)',
      ],
    });
    const lost = await verifyBundleFiles(verifyAuditBundle(bundle(true), pinned), join(folder, 'nowhere.files'));
    expect(lost.facts[0]).toContain('the bundle was exported with its files, but');
  });

  it('still verifies a bundle of version 3, whose attachment lines do not say what was uploaded', () => {
    // The bundle as the writer of version 3 wrote it: the same events, lines without the two fields, signed again.
    const lines = bundle(false)
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const body = lines
      .slice(0, -1)
      .map((line) => {
        if (line.record === 'header') return { ...line, version: 3 };
        if (line.record !== 'attachment') return line;
        const { originalSha256: _sha256, originalSize: _size, ...older } = line;
        return older;
      })
      .map((line) => JSON.stringify(line) + '\n')
      .join('');
    const { manifest } = lines.at(-1) as { manifest: Record<string, unknown> };
    const older = { ...manifest, version: 3, bodySha256: sha256(body) };
    const signature = {
      algorithm: 'Ed25519',
      publicKeyPem: pinned.publicKeyPem,
      value: sign(null, Buffer.from(canonicalize(older)!), privateKey).toString('base64'),
    };
    const result = verifyAuditBundle(body + JSON.stringify({ record: 'manifest', manifest: older, signature }) + '\n', pinned);
    expect(result.problems).toEqual([]);
    expect(result.facts).toContain('attachments: 3 listed, each the file its event records (name, size, type, SHA-256)');
  });

  it('names an attachment line that says something its event does not', () => {
    // Only the attachment line has the id right before the name (the event has its target between).
    const text = bundle(false).replace('"a-plan-again","name":"plan copy.pdf"', '"a-plan-again","name":"plan-final.pdf"');
    const attachmentLine = text.split('\n').find((l) => l.includes('"record":"attachment"') && l.includes('plan-final.pdf'));
    expect(attachmentLine).toBeDefined();
    const result = verifyAuditBundle(text, pinned);
    expect(result.ok).toBe(false);
    expect(result.problems).toContainEqual(
      expect.stringContaining('event 00000000-0000-4000-8000-000000000014 (milestone-12 revision 4): the bundle lists its attachment as'),
    );
  });
});
