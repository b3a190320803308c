import type { MilestoneCommand } from './commands';
import type { AttachedFile, AttachmentTarget } from './events';
import { asVersionId } from './ids';
import type { ActiveMilestone } from './milestone.state';
import { currentMilestoneShape } from './milestone.state';
import {
  ADMIN,
  approve,
  as,
  BUYER,
  complete,
  deposit,
  DRAFT,
  given,
  ORIGINAL,
  PROJECT,
  propose,
  refusal,
  reject,
  run,
  SELLER,
  settle,
} from './milestone.test-kit';

const MB = 1024 * 1024;
const PDF: AttachedFile = {
  name: 'Framing plan rev B.pdf',
  size: 2 * MB,
  mediaType: 'application/pdf',
  sha256: 'a'.repeat(64),
  thumbnailSha256: null,
  originalSha256: 'a'.repeat(64),
  originalSize: 2 * MB,
};
const PHOTO: AttachedFile = {
  name: 'north wall.jpg',
  size: 3 * MB,
  mediaType: 'image/jpeg',
  sha256: 'b'.repeat(64),
  thumbnailSha256: 'f'.repeat(64),
  originalSha256: 'e'.repeat(64),
  originalSize: 4 * MB,
};

let ids = 0;
const attach = (meta = as.seller(), to: AttachmentTarget = { kind: 'version', versionId: ORIGINAL }, file = PDF, project = PROJECT): MilestoneCommand => ({
  type: 'AddAttachment',
  data: { attachmentId: `att-${++ids}`, to, file, maxMilestoneBytes: 250 * MB },
  metadata: meta,
  project,
});
const remove = (attachmentId: string, meta = as.seller()): MilestoneCommand => ({
  type: 'RemoveAttachment',
  data: { attachmentId },
  metadata: meta,
  project: PROJECT,
});
const openDispute = (meta = as.buyer()): MilestoneCommand => ({
  type: 'OpenDispute',
  data: { disputeId: 7, statement: 'The wall is not plumb.' },
  metadata: meta,
  project: PROJECT,
});
const resolve = (): MilestoneCommand => ({ type: 'ResolveDispute', data: { resolution: 'release', note: 'Inspection passed.' }, metadata: as.admin() });
const files = (history: ReturnType<typeof run>) => (given(history).state as ActiveMilestone).attachments;
const agreed = () => run(propose(), approve(as.buyer()), approve(as.seller()));
const cleared = (): MilestoneCommand => ({ type: 'ClearDeposit', data: { depositId: 1 }, metadata: as.system() });
const funded = () => given(given(given(agreed()).then(deposit())).then(settle())).then(cleared());

describe('attachments on a milestone', () => {
  it('records a file on its proposer’s version: name, size, sniffed type, hash, who and when', () => {
    const history = run(propose(), attach());
    expect(history.at(-1)).toMatchObject({
      type: 'AttachmentAdded',
      data: { originalId: ORIGINAL, to: { kind: 'version', versionId: ORIGINAL }, ...PDF, by: SELLER, byRole: 'company' },
    });
    expect(files(history)).toEqual([expect.objectContaining({ ...PDF, by: SELLER, byRole: 'company', removed: null })]);
  });

  it('closes a version’s files once the other party approved it: what was approved is what was seen', () => {
    const approved = run(propose(), approve(as.buyer()));
    expect(refusal(() => given(approved).when(attach()))).toEqual({
      kind: 'conflict',
      message: 'The other party approved this version with the files it had: propose an edit to change them.',
    });
    const withFile = run(propose(), attach());
    const id = (withFile.at(-1)!.data as { attachmentId: string }).attachmentId;
    expect(refusal(() => given(given(withFile).then(approve(as.buyer()))).when(remove(id))).kind).toBe('conflict');
    expect(refusal(() => given(agreed()).when(attach())).message).toBe('This version was decided: propose an edit to change its terms and files.');
  });

  it('lets only the proposer attach to a proposal, and only parties or administrators attach at all', () => {
    expect(refusal(() => given(run(propose())).when(attach(as.buyer()))).kind).toBe('forbidden');
    expect(refusal(() => given(run(propose())).when(attach(as.outsider()))).message).toBe(
      'Only the buyer or the seller of this project can attach files to it.',
    );
    expect(refusal(() => given(run(propose())).when(attach(as.admin()))).kind).toBe('forbidden');
  });

  it('takes the reasons of a rejection from the side that rejected, and nobody else', () => {
    const rejected = run(propose(), reject(as.buyer()));
    const why = { kind: 'rejection' as const, versionId: ORIGINAL };
    expect(given(rejected).when(attach(as.buyer(), why, PHOTO))[0]).toMatchObject({ data: { to: why, by: BUYER, byRole: 'customer' } });
    expect(refusal(() => given(rejected).when(attach(as.seller(), why))).message).toBe('Attach why only to a version your side rejected.');
  });

  it('takes evidence of the work once the milestone is agreed, until both parties marked it complete', () => {
    const done = { kind: 'completion' as const };
    expect(refusal(() => given(run(propose())).when(attach(as.seller(), done, PHOTO))).message).toBe(
      'Both parties approve the milestone before its work is shown done.',
    );
    expect(given(funded()).when(attach(as.seller(), done, PHOTO))[0]).toMatchObject({ type: 'AttachmentAdded', data: { to: done } });
    expect(refusal(() => given(funded()).when(attach(as.seller(), done, PHOTO, DRAFT))).kind).toBe('conflict');
    const completed = given(given(funded()).then(complete(as.seller()))).then(complete(as.buyer()));
    expect(refusal(() => given(completed).when(attach(as.seller(), done, PHOTO))).message).toBe(
      'Both parties marked the milestone complete: its evidence is closed.',
    );
  });

  it('takes each side’s and the administrator’s evidence in an open dispute, none after it is resolved', () => {
    const disputed = given(funded()).then(openDispute());
    const onDispute = { kind: 'dispute' as const, disputeId: 7 };
    const evidence = [as.buyer(), as.seller(), as.admin()].flatMap((who) => given(disputed).when(attach(who, onDispute, PHOTO)));
    expect(evidence.map((e) => (e.data as { byRole: string }).byRole)).toEqual(['customer', 'company', 'admin']);
    expect((evidence[2]!.data as { by: number }).by).toBe(ADMIN);
    const resolved = given(disputed).then(resolve());
    expect(refusal(() => given(resolved).when(attach(as.buyer(), onDispute, PHOTO))).message).toBe('This dispute is resolved: its evidence is closed.');
    expect(refusal(() => given(disputed).when(attach(as.buyer(), { kind: 'dispute', disputeId: 8 }, PHOTO))).kind).toBe('not_found');
  });

  it('removes a file as an event, keeping the record, and only for the person who attached it', () => {
    const withFile = run(propose(), attach());
    const id = (withFile.at(-1)!.data as { attachmentId: string }).attachmentId;
    expect(refusal(() => given(withFile).when(remove(id, as.buyer()))).message).toBe('Only the person who attached a file can remove it.');
    const removed = given(withFile).then(remove(id));
    expect(removed.at(-1)).toMatchObject({ type: 'AttachmentRemoved', data: { attachmentId: id, by: SELLER } });
    expect(files(removed)).toEqual([expect.objectContaining({ attachmentId: id, sha256: PDF.sha256, removed: { by: SELLER, at: expect.any(String) } })]);
    expect(refusal(() => given(removed).when(remove(id))).kind).toBe('not_found');
  });

  it('refuses files it cannot vouch for: another type, no hash, a control character in the name, empty', () => {
    const proposed = run(propose());
    const tryFile = (file: Partial<typeof PDF>) => refusal(() => given(proposed).when(attach(as.seller(), undefined, { ...PDF, ...file })));
    expect(tryFile({ mediaType: 'application/x-msdownload' }).message).toBe(
      'Attach images (JPEG, PNG, WebP), PDF files or office documents (Word, Excel, PowerPoint).',
    );
    expect(tryFile({ sha256: 'not-a-hash' }).kind).toBe('invalid');
    expect(tryFile({ name: 'plan\u0007.pdf' }).kind).toBe('invalid');
    // Characters that are not shown as themselves: a C1 control, a bidirectional override, a zero-width space, a line separator.
    for (const name of ['plan\u0085.pdf', 'photo\u202Egnp.exe', 'plan\u200B.pdf', 'plan\u2028.pdf'])
      expect(tryFile({ name }).message).toBe('The file name contains a control or formatting character; rename the file and try again.');
    // What was uploaded is recorded with every new file.
    expect(tryFile({ originalSha256: null }).message).toBe('The SHA-256 of the file as uploaded must be 64 hexadecimal digits.');
    expect(tryFile({ originalSize: null }).message).toBe('The file is empty.');
    expect(tryFile({ name: '   ' }).message).toBe('The file needs a name.');
    expect(tryFile({ size: 0 }).message).toBe('The file is empty.');
    expect(tryFile({ name: 'x'.repeat(201) }).kind).toBe('invalid');
  });

  it('caps what a milestone holds, counting removed files: their bytes are kept', () => {
    let history = run(propose());
    const big = { ...PDF, size: 100 * MB };
    history = given(history).then(attach(as.seller(), undefined, { ...big, sha256: '1'.repeat(64) }));
    const first = (history.at(-1)!.data as { attachmentId: string }).attachmentId;
    history = given(given(history).then(remove(first))).then(attach(as.seller(), undefined, { ...big, sha256: '2'.repeat(64) }));
    expect(refusal(() => given(history).when(attach(as.seller(), undefined, { ...big, sha256: '3'.repeat(64) }))).message).toBe(
      'The files of a milestone may add up to 250 MB; this one would pass that.',
    );
  });

  it('refuses the same attachment id twice (a retried upload records one file)', () => {
    const command = attach();
    const history = given(run(propose())).then(command);
    expect(refusal(() => given(history).when(command)).message).toBe('This file was attached already.');
  });

  it('reads a milestone stored before attachments existed as one without files', () => {
    const stored = { ...(given(run(propose())).state as ActiveMilestone) } as Partial<ActiveMilestone>;
    delete stored.attachments;
    expect((currentMilestoneShape(stored as ActiveMilestone) as ActiveMilestone).attachments).toEqual([]);
    expect(asVersionId(ORIGINAL)).toBe(ORIGINAL);
  });
});
