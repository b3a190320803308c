import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { EventMetadata, RecordedEvent } from '@escrow/domain';

import { AuditBundleWriter, verifyAuditBundle } from './audit-bundle';
import { chainEvents, GENESIS_HASH } from './event-hashes';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const metadata = { actorId: 1, actorRole: 'user', correlationId: 'c', causationId: 'c', occurredAt: '2026-11-01T10:00:00.000Z', schemaVersion: 1 };

/** A project stream as the store holds it: created, then signed by both parties, each signature with the typed name. */
function projectStream(): RecordedEvent[] {
  const content = [
    {
      type: 'JobDraftCreated',
      data: { jobId: 7, customerId: 1, primaryCompanyId: 2, service: 'Roofing', customerInitiated: false, createdBy: 1, createdAt: 'x' },
    },
    {
      type: 'ProjectAgreementSigned',
      data: { jobId: 7, party: 'customer', signedBy: 1, signedName: 'Olivia Owner', agreementHash: 'a'.repeat(64), contractName: 'Escrow', at: 'x' },
    },
    {
      type: 'ProjectAgreementSigned',
      data: { jobId: 7, party: 'company', signedBy: 2, signedName: 'Sam Seller', agreementHash: 'a'.repeat(64), contractName: 'Escrow', at: 'x' },
    },
  ].map((e, i) => ({ ...e, id: `00000000-0000-4000-8000-00000000000${i}`, streamId: 'job-7', metadata }));
  const hashes = chainEvents(GENESIS_HASH, content);
  return content.map((e, i) => ({
    ...e,
    revision: i,
    position: { commit: 100n + BigInt(i), prepare: 100n + BigInt(i) },
    metadata: metadata as unknown as EventMetadata,
    recordedAt: new Date('2026-11-01T10:00:00.000Z'),
    integrity: hashes[i]!,
  }));
}

function bundleOf(events: RecordedEvent[]): string {
  const writer = new AuditBundleWriter({ kind: 'project', jobId: 7 }, new Date('2026-11-02T00:00:00.000Z'));
  return writer.header() + events.map((e) => writer.event(e)).join('') + writer.finish('102/102', publicKey, (bytes) => sign(null, bytes, privateKey));
}

const pinned = { publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString() };
const nameHash = (eventId: string, name: string) => createHash('sha256').update(`${eventId}:${name}`, 'utf8').digest('hex');

describe('audit bundles and the typed names of signatures', () => {
  it('carries a salted SHA-256 of each typed name instead of the name, and verifies', () => {
    const events = projectStream();
    const text = bundleOf(events);
    expect(text).not.toContain('Olivia Owner');
    expect(text).not.toContain('Sam Seller');
    const signed = text
      .split('\n')
      .filter((l) => l.includes('ProjectAgreementSigned'))
      .map((l) => JSON.parse(l) as { redacted: unknown });
    expect(signed.map((e) => e.redacted)).toEqual([
      { signedName: nameHash(events[1]!.id, 'Olivia Owner') },
      { signedName: nameHash(events[2]!.id, 'Sam Seller') },
    ]);
    // Salted with the event id: one person's name does not hash alike in two signatures.
    expect(nameHash(events[1]!.id, 'Olivia Owner')).not.toBe(nameHash(events[2]!.id, 'Olivia Owner'));

    const result = verifyAuditBundle(text, pinned);
    expect(result.problems).toEqual([]);
    expect(result.facts).toContain(
      'signer names: 2 typed names are carried as salted SHA-256 (sha-256 of "<event id>:<name>"), not the names; give the names with --signer-name to check them and those events\' content hashes',
    );
  });

  it('checks the names an auditor is given, and the content hash of each event whose name matched', () => {
    const text = bundleOf(projectStream());
    const both = verifyAuditBundle(text, { ...pinned, signerNames: ['Sam Seller', 'Olivia Owner'] });
    expect(both.problems).toEqual([]);
    expect(both.facts).toContain("signer names: 2 of 2 match a name given, and those events' content hashes were checked");
    const one = verifyAuditBundle(text, { ...pinned, signerNames: ['Olivia Owner', 'Olivia  Owner'] });
    expect(one.ok).toBe(true);
    expect(one.facts).toContain("signer names: 1 of 2 match a name given, and those events' content hashes were checked");

    // A signature changed in the bundle: the signed bytes say so either way; with the name given,
    // the event's own content hash names it too (without it, only its chain link is checked).
    const events = projectStream();
    const changed = text.replace('"signedBy":2', '"signedBy":9');
    const contentProblem = `event ${events[2]!.id} (job-7 revision 2, position 102/102): its content (type, data or metadata) does not match its content hash: it was changed after it was stored`;
    const withName = verifyAuditBundle(changed, { ...pinned, signerNames: ['Sam Seller'] });
    expect(withName.problems).toContain(contentProblem);
    expect(withName.problems).toContain('the events and postings are not the bytes the manifest signed (sha-256 differs): see the events named below');
    const withoutName = verifyAuditBundle(changed, pinned);
    expect(withoutName.ok).toBe(false);
    expect(withoutName.problems).not.toContain(contentProblem);
  });

  it('leaves the name in an event whose stored content no longer matches its hash, so the verifier names the change', () => {
    const events = projectStream();
    // Changed in the events table after it was stored: another signer's id.
    (events[1]!.data as { signedBy: number }).signedBy = 9;
    const text = bundleOf(events);
    const result = verifyAuditBundle(text, pinned);
    expect(result.ok).toBe(false);
    expect(result.problems).toContain(
      `event ${events[1]!.id} (job-7 revision 1, position 101/101): its content (type, data or metadata) does not match its content hash: it was changed after it was stored`,
    );
  });

  it('still verifies a bundle of version 1, exported with the names before they were withheld', () => {
    const fixtures = join(__dirname, 'fixtures');
    const text = readFileSync(join(fixtures, 'audit-bundle-v1.jsonl'), 'utf8');
    expect(text).toContain('"signedName":"Olivia Owner"');
    const result = verifyAuditBundle(text, { publicKeyPem: readFileSync(join(fixtures, 'audit-bundle-v1.public.pem'), 'utf8') });
    expect(result.problems).toEqual([]);
    expect(result.facts).toContain('events: 3 in 1 streams, every hash chain checked and intact');
  });
});
