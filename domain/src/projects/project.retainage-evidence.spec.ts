import type { AttachedFile } from '../milestones/events';
import { domainErrorOf } from '../milestones/milestone.test-kit';
import type { CommandMetadata } from '../shared/command';
import type { MilestoneRetainageFacts, ProjectCommand } from './commands';
import type { ProjectEvent } from './events';
import { type ActiveProject, decideProject, foldProject } from './project.decider';

const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`;
const buyer = (minute = 1): CommandMetadata => ({ now: at(minute), actorId: 12, actorRole: 'customer' as const, actorCompanyId: null });
const seller = (minute = 1): CommandMetadata => ({ now: at(minute), actorId: 7, actorRole: 'company' as const, actorCompanyId: 3 });
const admin = (minute = 1): CommandMetadata => ({ now: at(minute), actorId: 1, actorRole: 'admin' as const, actorCompanyId: null });
const outsider = (): CommandMetadata => ({ now: at(1), actorId: 99, actorRole: 'company' as const, actorCompanyId: 77 });

const closed: MilestoneRetainageFacts[] = [{ originalId: 500, closed: true, retainageHeld: '497.19' }];
const disputed: ProjectEvent[] = [
  {
    type: 'JobDraftCreated',
    data: { jobId: 41, customerId: 12, primaryCompanyId: 3, service: 'Roofing', customerInitiated: false, createdBy: 7, createdAt: at(0) },
  },
  { type: 'JobSubmitted', data: { jobId: 41, submittedBy: 7, at: at(0) } },
  { type: 'RetainageDisputeOpened', data: { jobId: 41, disputeId: 88, party: 'customer', by: 12, statement: 'The punch list is not done.', at: at(0) } },
];
const photo: AttachedFile = {
  name: 'punch list.jpg',
  size: 2_000_000,
  mediaType: 'image/jpeg',
  sha256: 'a'.repeat(64),
  thumbnailSha256: 'b'.repeat(64),
  originalSha256: 'c'.repeat(64),
  originalSize: 2_500_000,
};

const add = (metadata: CommandMetadata, attachmentId: string, file = photo, disputeId = 88, maxBytes = 10_000_000): ProjectCommand => ({
  type: 'AddRetainageEvidence',
  data: { attachmentId, disputeId, file, maxBytes },
  metadata,
});
const remove = (metadata: CommandMetadata, attachmentId: string): ProjectCommand => ({ type: 'RemoveRetainageEvidence', data: { attachmentId }, metadata });
const decide = (history: ProjectEvent[], command: ProjectCommand) => decideProject(command, foldProject(history));
const then = (history: ProjectEvent[], command: ProjectCommand) => [...history, ...decide(history, command)];

describe('evidence in a retainage dispute', () => {
  it('takes files from both parties and an administrator while the dispute is open, each with its role', () => {
    const history = then(then(then(disputed, add(buyer(2), 'f-buyer')), add(seller(3), 'f-seller')), add(admin(4), 'f-admin'));
    const evidence = (foldProject(history) as ActiveProject).retainage.evidence!;
    expect(evidence.map((e) => [e.attachmentId, e.byRole, e.disputeId, e.sha256])).toEqual([
      ['f-buyer', 'customer', 88, photo.sha256],
      ['f-seller', 'company', 88, photo.sha256],
      ['f-admin', 'admin', 88, photo.sha256],
    ]);
    expect(history.at(-1)).toEqual({
      type: 'RetainageEvidenceAdded',
      data: { jobId: 41, disputeId: 88, attachmentId: 'f-admin', ...photo, by: 1, byRole: 'admin', at: at(4) },
    });
  });

  it('refuses outsiders, other disputes, closed disputes and bad files', () => {
    expect(domainErrorOf(() => decide(disputed, add(outsider(), 'x'))).code).toBe('not_a_party');
    expect(domainErrorOf(() => decide(disputed, add(buyer(), 'x', photo, 89))).code).toBe('no_such_dispute');
    const resolved = then(disputed, { type: 'ResolveRetainageDispute', data: { resolution: 'refund', note: '', milestones: closed }, metadata: admin(5) });
    expect(domainErrorOf(() => decide(resolved, add(seller(6), 'late'))).code).toBe('dispute_closed');
    expect(domainErrorOf(() => decide(disputed, add(buyer(), 'x', { ...photo, mediaType: 'application/x-msdownload' }))).code).toBe('file_type');
    expect(domainErrorOf(() => decide(disputed, add(buyer(), 'x', { ...photo, sha256: '../../etc/passwd' }))).code).toBe('file_hash');
  });

  it('caps what the dispute holds, counting removed files, and refuses the same attachment twice', () => {
    const two = then(then(disputed, add(buyer(), 'one')), add(buyer(), 'two'));
    expect(domainErrorOf(() => decide(two, add(buyer(), 'three', photo, 88, 5_000_000))).code).toBe('dispute_files_full');
    const removed = then(two, remove(buyer(2), 'two'));
    expect(domainErrorOf(() => decide(removed, add(buyer(), 'three', photo, 88, 5_000_000))).code).toBe('dispute_files_full');
    expect(domainErrorOf(() => decide(two, add(buyer(), 'one', { ...photo, size: 10 }))).code).toBe('attachment_exists');
  });

  it('lets only the attacher remove a file, only while the dispute is open, and keeps its record', () => {
    const added = then(disputed, add(seller(2), 'quote'));
    expect(domainErrorOf(() => decide(added, remove(buyer(3), 'quote'))).code).toBe('not_your_attachment');
    expect(domainErrorOf(() => decide(added, remove(admin(3), 'quote'))).code).toBe('not_your_attachment');
    const removed = then(added, remove(seller(3), 'quote'));
    expect((foldProject(removed) as ActiveProject).retainage.evidence).toEqual([
      expect.objectContaining({ attachmentId: 'quote', removed: { by: 7, at: at(3) } }),
    ]);
    expect(domainErrorOf(() => decide(removed, remove(seller(4), 'quote'))).code).toBe('no_such_attachment');
    const resolved = then(added, { type: 'ResolveRetainageDispute', data: { resolution: 'release', note: '', milestones: closed }, metadata: admin(5) });
    expect(domainErrorOf(() => decide(resolved, remove(seller(6), 'quote'))).code).toBe('dispute_closed');
  });
});
