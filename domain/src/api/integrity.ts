/**
 * The API's answers about the ledger's integrity (the hash chain, audit exports), written once:
 * the backend and the projections CLI produce them, the admin console reads them.
 */

export type ChainBreakReason = 'no-hashes' | 'content-changed' | 'hash-changed' | 'previous-hash-differs' | 'revision-gap' | 'out-of-order';

/** One event that breaks the hash chain, named so an operator can find it. */
export interface ChainBreakView {
  eventId: string;
  streamId: string;
  revision: number;
  /** The event's place in the global order ("commit/prepare"), when it came from a store. */
  position: string | null;
  reason: ChainBreakReason;
  message: string;
}

export type ChainCheckState = 'running' | 'passed' | 'broken' | 'failed';

/** A check of every chain, run by `npm run projections -- verify` or from the Operations page. */
export interface ChainCheckView {
  id: number;
  origin: 'cli' | 'api';
  state: ChainCheckState;
  checked: number;
  /** Events in the store when the check began; null when it cannot count them (EventStoreDB). */
  total: number | null;
  streams: number | null;
  brokenEvents: number | null;
  /** The first breaks in the global order (at most 20); the first one is where to look. */
  breaks: ChainBreakView[];
  /** The stored files the events record (attachments); null when the check did not read them (checks before they were checked). */
  files: StoredFilesCheckView | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
  /** A running check whose heartbeat is older than a minute: its process died. */
  stale: boolean;
}

/**
 * A stored file that no longer is what its event recorded: its bytes are gone (`missing`) or no
 * longer hash to the SHA-256 the event holds (`changed`). Named as an operator looks for it.
 */
export interface StoredFileProblemView {
  /** The project (its `jobId`); null when the event does not say. */
  projectId: number | null;
  /** The milestone (its original id); null for a retainage dispute's file (the project's stream). */
  originalId: number | null;
  attachmentId: string;
  name: string;
  /** The file itself, or its thumbnail. */
  file: 'file' | 'thumbnail';
  /** What the store should hold (for an image: drawn again, without its metadata). */
  sha256: string;
  /** The file as it was uploaded (not kept): differs from `sha256` for an image; null for a thumbnail and for files recorded before it was. */
  originalSha256: string | null;
  found: 'missing' | 'changed';
  /** The AttachmentAdded event that records the hash. */
  eventId: string;
  streamId: string;
  revision: number;
  position: string | null;
  message: string;
}

/** What a check found of the files the events record (removed attachments too: their bytes are kept for the audit). */
export interface StoredFilesCheckView {
  /** AttachmentAdded events read. */
  attachments: number;
  /** Distinct stored files read (each once, however many events name it). */
  files: number;
  changed: number;
  missing: number;
  /** The first problems in the global order (at most 50); all are counted. */
  problems: StoredFileProblemView[];
}

/** GET /api/admin/integrity/chain-checks: the newest checks, newest first. */
export interface ChainChecksView {
  running: boolean;
  checks: ChainCheckView[];
}

/** GET /api/admin/audit/signing-key: the key audit bundles are signed with (its public half). */
export interface AuditSigningKeyView {
  algorithm: 'Ed25519';
  /** SPKI, PEM: what `--public-key` of the verifier takes. */
  publicKeyPem: string;
  /** sha-256 of the raw 32-byte public key, hex: the short form to publish and compare. */
  fingerprint: string;
  /** Where the private half comes from: the AUDIT_SIGNING_KEY setting, or a development key generated in the data folder. */
  source: 'setting' | 'development';
}

/** POST /api/admin/integrity/chain-checks (202): the check started; GET follows its progress. */
export interface ChainCheckStarted {
  id: number;
  started: true;
}
