import { createHash, createPublicKey, type KeyObject, verify as verifySignature } from 'node:crypto';

import {
  formatPosition,
  type GlobalPosition,
  MILESTONE_UPCASTERS,
  type MilestoneEvent,
  money,
  parsePosition,
  postingsFor,
  type RecordedEvent,
  upcastEvent,
} from '@escrow/domain';
import canonicalize from 'canonicalize';

import { ChainWalk, type StreamHead } from './chain-walk';
import { contentHash, GENESIS_HASH, HASH_SCHEME_VERSION } from './event-hashes';
import { type ListedFile, recordedFileOf } from './stored-files';

/**
 * An audit bundle (docs/operations.md, "Audit exports"): one JSON-lines file an auditor can check
 * without our database. Line 1 is the header; then events (in the global order) and ledger
 * postings (each after its event); the last line is the signed manifest. The manifest signs the
 * sha-256 of every byte before it, the counts, the chain head of every stream and the scope, so
 * nothing can be added, removed or changed without the verifier noticing; each event also
 * carries its own hashes, so the verifier names the event that was changed.
 */
const AUDIT_BUNDLE_FORMAT = 'escrow-ledger-audit-bundle';
/**
 * 2: signers' typed names withheld (`redacted`). 3: every attachment listed (`attachment`
 * records, counted in the manifest), and the header says whether the files were exported beside
 * the bundle. 4: an attachment's line also holds the SHA-256 and size of the file as it was
 * uploaded (`originalSha256`, `originalSize`; null when its event predates them). The verifier
 * reads 1 to 3 as well.
 */
const AUDIT_BUNDLE_VERSION = 4;
/** The first version whose attachment lines say what was uploaded. */
const UPLOADED_AS_SINCE = 4;

/**
 * Typed names that events of older design carry in their data (the escrow agreement's signature),
 * per event type. A bundle withholds them (docs/design.md#no-personal-data-in-events: no personal data in what leaves the
 * ledger): the field leaves `data` and `redacted` holds its signerNameHash instead. An auditor
 * given a name (by the operator, from the signed agreement) checks it against the hash, and with
 * it the event's content hash (docs/operations.md, "Audit exports").
 */
const SIGNER_NAME_FIELDS: Readonly<Record<string, readonly string[]>> = { ProjectAgreementSigned: ['signedName'] };

/**
 * sha-256 (hex) of `<event id>:<typed name>` (UTF-8). Salted with the event id: one person's name
 * hashes differently in each signature, so hashes neither link a person's signatures across
 * projects and bundles nor can be looked up in one table of common names.
 */
function signerNameHash(eventId: string, name: string): string {
  return createHash('sha256').update(`${eventId}:${name}`, 'utf8').digest('hex');
}

export type AuditScope = { kind: 'project'; jobId: number } | { kind: 'range'; from: string; to: string };

interface BundleHeader {
  record: 'header';
  format: typeof AUDIT_BUNDLE_FORMAT;
  version: number;
  hashScheme: number;
  scope: AuditScope;
  exportedAt: string;
  /** Version 3: whether the listed files were exported beside the bundle (`<bundle>.files/<sha256>`). */
  withFiles?: boolean;
}

/**
 * An event as stored (its data and metadata are what its hashes cover), but for the typed names
 * of SIGNER_NAME_FIELDS: those fields are left out of `data` and `redacted` maps each to its
 * signerNameHash. Only an event whose stored content matches its content hash is redacted.
 */
interface BundleEvent {
  record: 'event';
  streamId: string;
  revision: number;
  eventId: string;
  position: string;
  type: string;
  recordedAt: string;
  data: unknown;
  metadata: unknown;
  contentHash: string;
  previousHash: string;
  hash: string;
  redacted?: Record<string, string>;
}

/** One line of the double-entry ledger read model: signed dollars, debits positive. */
export interface BundlePosting {
  record: 'posting';
  eventId: string;
  line: number;
  jobId: number;
  originalId: number;
  account: string;
  companyId: number | null;
  amount: string;
}

/**
 * A file an AttachmentAdded event of the bundle records, right after its event: what an auditor
 * looks for beside the bundle (`<bundle>.files/<sha256>`, and the thumbnail's). The verifier
 * derives it from the event again, so it cannot say anything the signed event does not.
 */
export type BundleAttachment = ListedFile & {
  record: 'attachment';
  eventId: string;
  streamId: string;
};

interface BundleManifest {
  format: typeof AUDIT_BUNDLE_FORMAT;
  version: number;
  hashScheme: number;
  scope: AuditScope;
  exportedAt: string;
  /** The newest event the export could include ("commit/prepare"); later ones are left out. */
  upTo: string | null;
  /** `attachments` from version 3 on. */
  counts: { events: number; postings: number; streams: number; attachments?: number };
  /** sha-256 (hex) of every byte of the file before the manifest line. */
  bodySha256: string;
  /** Per stream: the first and last revision in the bundle, the hash the first one follows and the last one's hash. */
  chainHeads: StreamHead[];
  /** sha-256 of the raw 32-byte Ed25519 public key, hex. */
  signingKeyFingerprint: string;
}

interface BundleSignature {
  algorithm: 'Ed25519';
  /** SPKI PEM of the key that signed; the auditor compares it (or its fingerprint) with the operator's published one. */
  publicKeyPem: string;
  /** Ed25519 signature of the RFC 8785 form of the manifest, base64. */
  value: string;
}

interface BundleManifestLine {
  record: 'manifest';
  manifest: BundleManifest;
  signature: BundleSignature;
}

function bundleEventOf(event: RecordedEvent): BundleEvent {
  if (!event.integrity) throw new Error(`event ${event.id} of ${event.streamId} carries no hashes; run npm run projections -- verify`);
  return {
    record: 'event',
    streamId: event.streamId,
    revision: event.revision,
    eventId: event.id,
    position: formatPosition(event.position)!,
    type: event.type,
    recordedAt: event.recordedAt.toISOString(),
    data: event.data,
    metadata: event.metadata,
    contentHash: event.integrity.contentHash,
    previousHash: event.integrity.previousHash,
    hash: event.integrity.hash,
  };
}

/**
 * The bundle's form of an event: its signers' typed names withheld. An event whose stored content
 * no longer matches its content hash keeps them, so the verifier names the change instead of
 * taking the event on the exporter's word.
 */
function withheldNames(line: BundleEvent, event: RecordedEvent): BundleEvent {
  const data = line.data as Record<string, unknown> | null;
  const fields = (SIGNER_NAME_FIELDS[line.type] ?? []).filter((field) => typeof data?.[field] === 'string');
  if (fields.length === 0 || contentHash(event) !== line.contentHash) return line;
  const kept = Object.fromEntries(Object.entries(data!).filter(([field]) => !fields.includes(field)));
  const redacted = Object.fromEntries(fields.map((field) => [field, signerNameHash(line.eventId, data![field] as string)]));
  return { ...line, data: kept, redacted };
}

/** sha-256 of the raw public key: the short form to publish and compare. */
export function keyFingerprint(publicKey: KeyObject): string {
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return createHash('sha256').update(raw).digest('hex');
}

/**
 * Writes a bundle line by line: `line()` for the header, events and postings as they come, then
 * `finish()` for the signed manifest. The caller streams each returned string.
 */
export class AuditBundleWriter {
  private readonly body = createHash('sha256');
  private readonly walk = new ChainWalk({ partialStreams: true, keep: 1 });
  private events = 0;
  private postings = 0;
  private attachments = 0;
  private readonly projects = new Map<string, number>();
  private readonly scope: AuditScope;
  private readonly exportedAt: string;
  private readonly withFiles: boolean;

  constructor(scope: AuditScope, exportedAt: Date, options: { withFiles?: boolean } = {}) {
    this.scope = scope;
    this.exportedAt = exportedAt.toISOString();
    this.withFiles = options.withFiles ?? false;
  }

  header(): string {
    const header: BundleHeader = {
      record: 'header',
      format: AUDIT_BUNDLE_FORMAT,
      version: AUDIT_BUNDLE_VERSION,
      hashScheme: HASH_SCHEME_VERSION,
      scope: this.scope,
      exportedAt: this.exportedAt,
      withFiles: this.withFiles,
    };
    return this.line(header);
  }

  /** The event's line, and for an AttachmentAdded the line of the file it records; `onFile` hears of each such file. */
  event(event: RecordedEvent, onFile?: (file: BundleAttachment) => void): string {
    this.events++;
    this.walk.add(event);
    const text = this.line(withheldNames(bundleEventOf(event), event));
    const file = attachmentLineOf(event, this.projects, AUDIT_BUNDLE_VERSION);
    if (!file) return text;
    this.attachments++;
    onFile?.(file);
    return text + this.line(file);
  }

  posting(posting: Omit<BundlePosting, 'record'>): string {
    this.postings++;
    return this.line({ record: 'posting', ...posting });
  }

  /** The manifest line, signed with `sign` (Ed25519 over the bytes given). */
  finish(upTo: string | null, publicKey: KeyObject, sign: (bytes: Buffer) => Buffer): string {
    const manifest: BundleManifest = {
      format: AUDIT_BUNDLE_FORMAT,
      version: AUDIT_BUNDLE_VERSION,
      hashScheme: HASH_SCHEME_VERSION,
      scope: this.scope,
      exportedAt: this.exportedAt,
      upTo,
      counts: { events: this.events, postings: this.postings, streams: this.walk.streams, attachments: this.attachments },
      bodySha256: this.body.digest('hex'),
      chainHeads: this.walk.streamHeads(),
      signingKeyFingerprint: keyFingerprint(publicKey),
    };
    const signature: BundleSignature = {
      algorithm: 'Ed25519',
      publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      value: sign(Buffer.from(canonicalize(manifest)!, 'utf8')).toString('base64'),
    };
    const line: BundleManifestLine = { record: 'manifest', manifest, signature };
    return JSON.stringify(line) + '\n';
  }

  private line(value: object): string {
    const text = JSON.stringify(value) + '\n';
    this.body.update(text, 'utf8');
    return text;
  }
}

/** The attachment line of an AttachmentAdded event in a bundle of this version; null for any other. Writer and verifier derive it alike. */
function attachmentLineOf(
  event: { id: string; streamId: string; revision: number; type: string; data: unknown; metadata: unknown },
  projects: Map<string, number>,
  version: number,
): BundleAttachment | null {
  const recorded = recordedFileOf(event, projects);
  if (!recorded) return null;
  const { originalSha256: _sha256, originalSize: _size, ...stored } = recorded;
  // Bundles written before version 4 did not list what was uploaded: they are checked as written.
  const file: ListedFile = version >= UPLOADED_AS_SINCE ? recorded : stored;
  return { record: 'attachment', eventId: event.id, streamId: event.streamId, ...file };
}

export interface BundleVerification {
  ok: boolean;
  /** Each problem found, the event named where there is one. */
  problems: string[];
  /** What was checked, for the auditor's record. */
  facts: string[];
  manifest: BundleManifest | null;
  /** The files the bundle lists (each checked against its event), for a check of the files beside it. */
  attachments: BundleAttachment[];
  /** The header says the files were exported beside the bundle. */
  withFiles: boolean;
}

export interface VerifyBundleOptions {
  /** The operator's published public key (PEM); without it the bundle's own key is used and the verification says so. */
  publicKeyPem?: string | null;
  /** Typed names the auditor was given (from the signed agreements), checked against the withheld ones. */
  signerNames?: readonly string[];
}

const EVENT_KEYS = ['record', 'streamId', 'revision', 'eventId', 'position', 'type', 'recordedAt', 'data', 'metadata', 'contentHash', 'previousHash', 'hash'];
const HEX_64 = /^[0-9a-f]{64}$/;

/**
 * A bundle event's data as stored, where the names it withholds can be put back from those
 * given: null when one of them cannot (its content hash is then not checked; the chain is).
 * `problem` when `redacted` is not what a bundle may hold.
 */
function restoredData(e: BundleEvent, names: readonly string[]): { data: unknown; restored: number; withheld: number; problem?: string } {
  if (e.redacted === undefined) return { data: e.data, restored: 0, withheld: 0 };
  const allowed = SIGNER_NAME_FIELDS[e.type] ?? [];
  const entries = e.redacted && typeof e.redacted === 'object' ? Object.entries(e.redacted) : [];
  const data = e.data && typeof e.data === 'object' ? (e.data as Record<string, unknown>) : null;
  if (
    entries.length === 0 ||
    !data ||
    entries.some(([field, hash]) => !allowed.includes(field) || field in data || typeof hash !== 'string' || !HEX_64.test(hash))
  )
    return { data: null, restored: 0, withheld: 0, problem: `${describe(e)} withholds something a bundle does not withhold` };
  const restored = { ...data };
  let found = 0;
  for (const [field, hash] of entries) {
    const name = names.find((candidate) => signerNameHash(e.eventId, candidate) === hash);
    if (name !== undefined) {
      restored[field] = name;
      found++;
    }
  }
  return { data: found === entries.length ? restored : null, restored: found, withheld: entries.length };
}
const describe = (e: BundleEvent) => `event ${e.eventId} (${e.streamId} revision ${e.revision})`;

/**
 * Checks a bundle without any database: the signature over the manifest, the manifest over the
 * bytes, every stream's hash chain and its heads, and that the postings are exactly what the
 * domain's posting rules derive from the events and that they balance.
 */
export function verifyAuditBundle(text: string, options: VerifyBundleOptions = {}): BundleVerification {
  const problems: string[] = [];
  const facts: string[] = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let manifestLine: BundleManifestLine | null = null;
  let manifestIndex = -1;
  const events: BundleEvent[] = [];
  const postings: BundlePosting[] = [];
  const attachments: BundleAttachment[] = [];
  let header: BundleHeader | null = null;

  lines.forEach((raw, index) => {
    let value: { record?: unknown };
    try {
      value = JSON.parse(raw) as { record?: unknown };
    } catch {
      const neighbour = events[events.length - 1];
      problems.push(`line ${index + 1} is not JSON${neighbour ? ` (it follows ${describe(neighbour)})` : ''}: the file was changed or cut`);
      return;
    }
    if (manifestLine) problems.push(`line ${index + 1} comes after the manifest: something was appended to the bundle`);
    if (value.record === 'header' && index === 0) header = value as BundleHeader;
    else if (value.record === 'event') events.push(value as BundleEvent);
    else if (value.record === 'posting') postings.push(value as BundlePosting);
    else if (value.record === 'attachment') attachments.push(value as BundleAttachment);
    else if (value.record === 'manifest') {
      manifestLine = value as BundleManifestLine;
      manifestIndex = index;
    } else problems.push(`line ${index + 1} is not a record of an audit bundle`);
  });
  if (!header || (header as BundleHeader).format !== AUDIT_BUNDLE_FORMAT) problems.push('the first line is not the header of an escrow ledger audit bundle');
  const found = manifestLine as BundleManifestLine | null;
  if (!found) {
    problems.push('the bundle has no manifest (the last line): the export was cut off, or the manifest removed');
    return { ok: false, problems, facts, manifest: null, attachments: [], withFiles: false };
  }
  const { manifest, signature } = found;

  // 1. The signature over the manifest, with the key the auditor trusts.
  let key: KeyObject;
  try {
    key = createPublicKey(options.publicKeyPem ?? signature.publicKeyPem);
  } catch (error) {
    problems.push(`the public key cannot be read: ${(error as Error).message}`);
    return { ok: false, problems, facts, manifest, attachments: [], withFiles: false };
  }
  const fingerprint = keyFingerprint(key);
  const signedBytes = Buffer.from(canonicalize(manifest) ?? '', 'utf8');
  let signed = false;
  try {
    signed = verifySignature(null, signedBytes, key, Buffer.from(signature.value, 'base64'));
  } catch {
    signed = false;
  }
  if (!signed) problems.push(`the manifest's signature does not verify with the key ${fingerprint}: the manifest was changed, or another key signed it`);
  else facts.push(`signature: valid, Ed25519 key ${fingerprint}`);
  if (!options.publicKeyPem)
    facts.push(`key not pinned: compare ${fingerprint} with the operator's published fingerprint (docs/operations.md), or pass --public-key`);
  else if (manifest.signingKeyFingerprint !== fingerprint)
    problems.push(`the manifest names the key ${manifest.signingKeyFingerprint}, not the pinned ${fingerprint}`);

  // 2. The bytes before the manifest are the ones it signed.
  const body = lines.slice(0, manifestIndex).join('\n') + (manifestIndex > 0 ? '\n' : '');
  const bodySha = createHash('sha256').update(body, 'utf8').digest('hex');
  if (bodySha !== manifest.bodySha256)
    problems.push('the events and postings are not the bytes the manifest signed (sha-256 differs): see the events named below');
  if (header && canonicalize((header as BundleHeader).scope) !== canonicalize(manifest.scope))
    problems.push('the header names another scope than the manifest');

  // 3. Every event: its fields, its content against its hashes, and each stream's chain.
  const walk = new ChainWalk({ partialStreams: manifest.scope.kind === 'range', keep: Number.MAX_SAFE_INTEGER });
  const eventIds = new Set<string>();
  const names = { withheld: 0, matched: 0 };
  for (const e of events) {
    const keys = Object.keys(e).filter((k) => !(k === 'redacted' && manifest.version >= 2));
    if (keys.length !== EVENT_KEYS.length || !EVENT_KEYS.every((k) => keys.includes(k))) {
      problems.push(`${describe(e)} does not have exactly the fields of a bundle event`);
      continue;
    }
    if (eventIds.has(e.eventId)) problems.push(`${describe(e)} appears twice`);
    eventIds.add(e.eventId);
    const stored = restoredData(e, options.signerNames ?? []);
    if (stored.problem) problems.push(stored.problem);
    names.withheld += stored.withheld;
    names.matched += stored.restored;
    walk.add({
      streamId: e.streamId,
      id: e.eventId,
      type: e.type,
      data: stored.data ?? e.data,
      metadata: e.metadata,
      revision: e.revision,
      position: positionOf(e.position),
      integrity: { contentHash: e.contentHash, previousHash: e.previousHash, hash: e.hash },
      contentWithheld: stored.data === null && !stored.problem,
    });
  }
  for (const b of walk.breaks) problems.push(b.message);
  const heads = new Map(walk.streamHeads().map((h) => [h.streamId, h]));
  const signedHeads = new Map((manifest.chainHeads ?? []).map((h) => [h.streamId, h]));
  for (const [streamId, signedHead] of signedHeads) {
    const head = heads.get(streamId);
    if (!head) problems.push(`stream ${streamId} is in the manifest but has no events in the bundle: they were removed`);
    else if (canonicalize(head) !== canonicalize(signedHead))
      problems.push(
        `stream ${streamId}: its events end at revision ${head.lastRevision} with hash ${head.hash.slice(0, 12)}…, the manifest signed revision ${signedHead.lastRevision} with ${signedHead.hash.slice(0, 12)}… (events were added, removed or changed)`,
      );
    if (manifest.scope.kind === 'project' && (signedHead.firstRevision !== 0 || signedHead.anchorHash !== GENESIS_HASH))
      problems.push(`stream ${streamId} does not start at its first event, but a project's bundle holds whole streams`);
  }
  for (const streamId of heads.keys()) if (!signedHeads.has(streamId)) problems.push(`stream ${streamId} has events in the bundle but is not in the manifest`);
  const counts = {
    events: events.length,
    postings: postings.length,
    streams: heads.size,
    ...(manifest.version >= 3 ? { attachments: attachments.length } : {}),
  };
  if (canonicalize(counts) !== canonicalize(manifest.counts))
    problems.push(
      `the bundle holds ${counts.events} events, ${counts.postings} postings and ${counts.streams} streams; the manifest signed ${JSON.stringify(manifest.counts)}`,
    );
  facts.push(`events: ${counts.events} in ${counts.streams} streams, every hash chain checked${walk.ok ? ' and intact' : ''}`);
  if (names.withheld > 0)
    facts.push(
      options.signerNames?.length
        ? `signer names: ${names.matched} of ${names.withheld} match a name given, and those events' content hashes were checked`
        : `signer names: ${names.withheld} typed names are carried as salted SHA-256 (sha-256 of "<event id>:<name>"), not the names; give the names with --signer-name to check them and those events' content hashes`,
    );

  // 4. The postings are what the posting rules derive from the events, and they balance.
  const byEvent = new Map<string, BundlePosting[]>();
  for (const p of postings) {
    if (!eventIds.has(p.eventId)) problems.push(`posting ${p.eventId} line ${p.line} belongs to no event of the bundle`);
    byEvent.set(p.eventId, [...(byEvent.get(p.eventId) ?? []), p]);
  }
  const before = problems.length;
  let total = money(0);
  const escrow = new Map<string, ReturnType<typeof money>>();
  for (const e of events) {
    const current = upcastEvent(
      {
        id: e.eventId,
        streamId: e.streamId,
        revision: e.revision,
        position: { commit: 0n, prepare: 0n },
        type: e.type,
        data: e.data,
        metadata: e.metadata as RecordedEvent['metadata'],
        recordedAt: new Date(0),
      },
      MILESTONE_UPCASTERS,
    );
    let derived: { account: string; companyId: number | null; amount: string }[];
    try {
      derived = postingsFor({ type: current.type, data: current.data } as MilestoneEvent);
    } catch (error) {
      problems.push(`${describe(e)}: its postings cannot be derived (${(error as Error).message})`);
      continue;
    }
    const given = (byEvent.get(e.eventId) ?? []).slice().sort((a, b) => a.line - b.line);
    const same =
      given.length === derived.length &&
      given.every(
        (p, i) => p.line === i && p.account === derived[i]!.account && p.companyId === derived[i]!.companyId && safeEquals(p.amount, derived[i]!.amount),
      );
    if (!same)
      problems.push(
        `${describe(e)}: the ledger holds ${formatPostings(given)}, the posting rules derive ${formatPostings(derived)} from the event (the ledger or the event was changed)`,
      );
    const sum = given.reduce((s, p) => s.plus(safeMoney(p.amount)), money(0));
    if (!sum.isZero()) problems.push(`${describe(e)}: its postings sum to ${sum.toFixed(2)}, not zero`);
    total = total.plus(sum);
    if (manifest.scope.kind === 'project') {
      const balance = given.filter((p) => p.account === 'escrow').reduce((s, p) => s.plus(safeMoney(p.amount)), escrow.get(e.streamId) ?? money(0));
      escrow.set(e.streamId, balance);
      if (balance.isNegative()) problems.push(`${describe(e)}: the escrow of ${e.streamId} goes negative (${balance.toFixed(2)})`);
    }
  }
  if (!total.isZero()) problems.push(`all postings together sum to ${total.toFixed(2)}, not zero`);
  if (problems.length === before)
    facts.push(`postings: ${postings.length}, each event's sum to zero and all together balance; every one re-derived from its event`);

  // 5. The attachments listed are exactly the files the events record.
  const beforeFiles = problems.length;
  const listed = new Map(attachments.map((a) => [a.eventId, a]));
  const projects = new Map<string, number>();
  const recorded: BundleAttachment[] = [];
  for (const e of manifest.version >= 3 ? events : []) {
    const derived = attachmentLineOf({ ...e, id: e.eventId }, projects, manifest.version);
    if (!derived) continue;
    recorded.push(derived);
    const given = listed.get(e.eventId);
    listed.delete(e.eventId);
    if (!given) problems.push(`${describe(e)} records attachment ${derived.attachmentId} "${derived.name}", which the bundle does not list`);
    else if (canonicalize(given) !== canonicalize(derived))
      problems.push(`${describe(e)}: the bundle lists its attachment as ${JSON.stringify(given)}, the event records ${JSON.stringify(derived)}`);
  }
  for (const a of listed.values()) problems.push(`attachment ${a.attachmentId} is listed for event ${a.eventId}, which records no such file in the bundle`);
  const withFiles = (header as BundleHeader | null)?.withFiles === true;
  if (manifest.version >= 3 && problems.length === beforeFiles)
    facts.push(
      `attachments: ${recorded.length} listed, each the file its event records (name, size, type, SHA-256${manifest.version >= UPLOADED_AS_SINCE ? ', and the SHA-256 and size as uploaded' : ''})`,
    );
  return { ok: problems.length === 0, problems, facts, manifest, attachments: recorded, withFiles };
}

function positionOf(text: unknown): GlobalPosition | null {
  try {
    return parsePosition(String(text));
  } catch {
    return null;
  }
}

function safeMoney(amount: unknown) {
  try {
    return money(String(amount));
  } catch {
    return money(0);
  }
}

function safeEquals(a: unknown, b: string): boolean {
  try {
    return money(String(a)).eq(money(b));
  } catch {
    return false;
  }
}

const formatPostings = (list: { account: string; companyId: number | null; amount: string }[]) =>
  list.length === 0 ? 'no postings' : list.map((p) => `${p.account}${p.companyId === null ? '' : `#${p.companyId}`} ${p.amount}`).join(', ');
