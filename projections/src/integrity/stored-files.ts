import { formatPosition, type GlobalPosition, type StoredFileProblemView, type StoredFilesCheckView } from '@escrow/domain';

/** What reading a stored file again finds (the backend's FileStore.check answers it). */
export type StoredFileState = 'intact' | 'missing' | 'changed';

/** The one question a check asks of the file store; the backend passes its FileStore (local folder or S3). */
export interface StoredFileChecker {
  check(sha256: string): Promise<StoredFileState>;
}

/** An event as a check reads it: as stored (an AttachmentAdded's data names the file and its hash). */
export interface EventWithFiles {
  id: string;
  streamId: string;
  revision: number;
  position?: GlobalPosition | null;
  type: string;
  data: unknown;
  metadata: unknown;
}

/** One file an AttachmentAdded event records, with everything that names it to a person. */
export interface RecordedFile {
  projectId: number | null;
  /** The milestone; null for a retainage dispute's evidence (the project's stream). */
  originalId: number | null;
  attachmentId: string;
  name: string;
  size: number;
  mediaType: string;
  sha256: string;
  thumbnailSha256: string | null;
  /**
   * The file as it was uploaded, before an image was drawn again (its bytes are not kept: an
   * uploader matches the ledger to their own copy with them); null in events written before
   * they were recorded.
   */
  originalSha256: string | null;
  originalSize: number | null;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * The file an AttachmentAdded event records; null for any other event. The project comes from
 * the event's metadata (the command side writes `jobId` there) or else from the stream's
 * MilestoneProposed, which `projects` remembers per stream.
 */
export function recordedFileOf(event: EventWithFiles, projects?: Map<string, number>): RecordedFile | null {
  const data = (event.data ?? {}) as Record<string, unknown>;
  if (event.type === 'MilestoneProposed' && typeof data.jobId === 'number') projects?.set(event.streamId, data.jobId);
  if (!['AttachmentAdded', 'RetainageEvidenceAdded', 'BillingRetainageEvidenceAdded', 'BillingFileAdded'].includes(event.type)) return null;
  const metadataJob = (event.metadata as { jobId?: unknown } | null)?.jobId;
  // A retainage dispute's files and the billing's (progress billing) are the project's, not a milestone's.
  const onProject = event.type !== 'AttachmentAdded';
  const text = (value: unknown) => (typeof value === 'string' ? value : String(value));
  return {
    projectId:
      typeof metadataJob === 'number' ? metadataJob : onProject && typeof data.jobId === 'number' ? data.jobId : (projects?.get(event.streamId) ?? null),
    originalId: onProject ? null : Number(data.originalId),
    attachmentId: text(data.attachmentId),
    name: text(data.name),
    size: Number(data.size),
    mediaType: text(data.mediaType),
    sha256: text(data.sha256),
    thumbnailSha256: data.thumbnailSha256 === null || data.thumbnailSha256 === undefined ? null : text(data.thumbnailSha256),
    originalSha256: data.originalSha256 === null || data.originalSha256 === undefined ? null : text(data.originalSha256),
    originalSize: data.originalSize === null || data.originalSize === undefined ? null : Number(data.originalSize),
  };
}

/** A recorded file as a bundle of any version lists it (before version 4 without what was uploaded). */
export type ListedFile = Omit<RecordedFile, 'originalSha256' | 'originalSize'> & Partial<Pick<RecordedFile, 'originalSha256' | 'originalSize'>>;

/** How a problem with one file reads, wherever it is printed (verify, the Operations page, the offline verifier). */
export function describeFileProblem(
  file: ListedFile,
  which: 'file' | 'thumbnail',
  sha256: string,
  found: 'missing' | 'changed',
  event: { id: string; streamId: string; revision?: number },
  where = 'the file store',
): string {
  const what = `${which === 'thumbnail' ? 'the thumbnail of ' : ''}attachment ${file.attachmentId} "${file.name}" of project ${file.projectId ?? '?'}, ${file.originalId !== null ? `milestone ${file.originalId}` : event.streamId.startsWith('billing-') ? 'its billing' : 'its retainage dispute'}`;
  const state = found === 'missing' ? `is not in ${where}` : `in ${where} no longer hashes to it: the file was changed`;
  const inEvent = event.revision === undefined ? `event ${event.id} of ${event.streamId}` : `event ${event.id}, ${event.streamId} revision ${event.revision}`;
  // An image was drawn again before it was stored: what its uploader holds hashes otherwise.
  const uploaded =
    which === 'file' && typeof file.originalSha256 === 'string' && file.originalSha256 !== file.sha256
      ? ` (as uploaded, before it was re-encoded: ${file.originalSha256}, ${file.originalSize} bytes, not kept)`
      : '';
  return `${what} (${inEvent}): its bytes ${sha256} ${state}${uploaded}`;
}

export interface StoredFilesCheckOptions {
  /** Files read at once. */
  concurrency?: number;
  /** How many problems to keep (all are counted). */
  keep?: number;
}

/**
 * Checks that every file the events record is still in the store with the hash recorded: fed
 * events in the global order (`add`), it reads each distinct file once, a few at a time, and
 * names every attachment whose file (or thumbnail) is missing or changed. Removed attachments
 * are checked too: their bytes are kept for the audit. Call `settled()` after each page so the
 * reads never run far behind the walk.
 */
export class StoredFilesCheck {
  attachments = 0;
  private readonly checked = new Map<string, Promise<StoredFileState>>();
  private readonly pending = new Set<Promise<void>>();
  private readonly waiting: (() => void)[] = [];
  private reading = 0;
  private readonly found: { at: number; problem: StoredFileProblemView }[] = [];
  private changed = 0;
  private missing = 0;
  private order = 0;
  private failure: Error | null = null;
  private readonly projects = new Map<string, number>();
  private readonly concurrency: number;
  private readonly keep: number;

  constructor(
    private readonly store: StoredFileChecker,
    options: StoredFilesCheckOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.keep = options.keep ?? 50;
  }

  add(event: EventWithFiles): void {
    const file = recordedFileOf(event, this.projects);
    if (!file) return;
    this.attachments++;
    const at = this.order++;
    const hashes: ['file' | 'thumbnail', string][] = [['file', file.sha256]];
    if (file.thumbnailSha256 !== null) hashes.push(['thumbnail', file.thumbnailSha256]);
    for (const [which, sha256] of hashes) {
      const done = this.stateOf(sha256)
        .then((state) => {
          if (state !== 'intact') this.record(at, file, which, sha256, state, event);
        })
        .catch((error: Error) => {
          this.failure ??= error;
        });
      this.pending.add(done);
      void done.finally(() => this.pending.delete(done));
    }
  }

  /** Resolves when every file added so far was read; throws when the store could not be read. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    if (this.failure) throw this.failure;
  }

  get ok(): boolean {
    return this.changed + this.missing === 0;
  }

  result(): StoredFilesCheckView {
    return {
      attachments: this.attachments,
      files: this.checked.size,
      changed: this.changed,
      missing: this.missing,
      problems: this.found.sort((a, b) => a.at - b.at).map((f) => f.problem),
    };
  }

  private record(at: number, file: RecordedFile, which: 'file' | 'thumbnail', sha256: string, found: 'missing' | 'changed', event: EventWithFiles): void {
    if (found === 'changed') this.changed++;
    else this.missing++;
    this.found.push({
      at,
      problem: {
        projectId: file.projectId,
        originalId: file.originalId,
        attachmentId: file.attachmentId,
        name: file.name,
        file: which,
        sha256,
        originalSha256: which === 'file' ? file.originalSha256 : null,
        found,
        eventId: event.id,
        streamId: event.streamId,
        revision: event.revision,
        position: formatPosition(event.position ?? null),
        message: describeFileProblem(file, which, sha256, found, event),
      },
    });
    // Keep the earliest in the global order: reads finish in any order.
    if (this.found.length > this.keep) {
      this.found.sort((a, b) => a.at - b.at);
      this.found.length = this.keep;
    }
  }

  /** The state of the bytes stored under `sha256`, read once however many events name them. */
  private stateOf(sha256: string): Promise<StoredFileState> {
    let state = this.checked.get(sha256);
    if (!state) {
      // A hash that is not one cannot name stored bytes (the event's content check names the edit).
      state = SHA256_HEX.test(sha256) ? this.limited(() => this.store.check(sha256)) : Promise.resolve('missing');
      this.checked.set(sha256, state);
    }
    return state;
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    while (this.reading >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.reading++;
    try {
      return await work();
    } finally {
      this.reading--;
      this.waiting.shift()?.();
    }
  }
}
