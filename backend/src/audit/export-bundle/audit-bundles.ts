import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import {
  billingStreamId,
  companyBankAccountsStreamId,
  comparePositions,
  type EventStore,
  formatPosition,
  type GlobalPosition,
  type RecordedEvent,
  userBankAccountsStreamId,
} from '@escrow/domain';
import { AuditBundleWriter, type AuditScope, type BundleAttachment, ProjectionRunner } from '@escrow/projections';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';

import { FILE_STORE, type FileStore } from '../../attachments';
import { STORED_EVENT_STORE } from '../../event-store/event-store.tokens';
import { ApiRefusal } from '../../http/api-refusal';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MilestoneReads } from '../../read-models';
import { AuditSigningKey } from '../audit-signing-key';
import { tarOf } from './tar';

const PAGE = 1000;
/** How long an export waits for the ledger read model to pass the newest event it includes. */
const LEDGER_WAIT_MS = 10_000;

interface PostingRow {
  event_id: string;
  line: number;
  job_id: number;
  original_id: number;
  account: string;
  company_id: number | null;
  amount: string;
}

/**
 * Audit bundles (projections/src/integrity/audit-bundle.ts): the events exactly as stored, read
 * from the store itself, and the ledger read model's postings of those events, streamed as they
 * are read and signed at the end. The newest event when the export starts bounds it (`upTo`), and
 * the ledger must have passed it first, so every included money event has its postings.
 */
@Injectable()
export class AuditBundles {
  private readonly logger = new Logger('Audit');

  constructor(
    @Inject(STORED_EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly runner: ProjectionRunner,
    private readonly milestones: MilestoneReads,
    private readonly key: AuditSigningKey,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /** Checks what can fail before the first byte is sent, then returns the bundle as a stream. */
  async open(scope: AuditScope, exportedBy: number): Promise<Readable> {
    return Readable.from(await this.lines(scope, exportedBy, {}), { objectMode: false });
  }

  /**
   * The bundle with the files it lists beside it, as one tar: `<name>.jsonl` and
   * `<name>.files/<sha256>` for every file and thumbnail. The bundle and the files are copied to
   * a temporary folder first (a tar entry needs its size before its bytes; a store's file may
   * be changed meanwhile), so a failure answers an error instead of a cut-off archive. A file the
   * store no longer has is left out, and one whose bytes changed goes in as it is: the offline
   * verifier names both.
   */
  async openWithFiles(scope: AuditScope, exportedBy: number, name: string): Promise<Readable> {
    const folder = await mkdtemp(join(tmpdir(), 'escrow-audit-'));
    const cleanUp = () => rm(folder, { recursive: true, force: true }).catch(() => undefined);
    try {
      const hashes = new Set<string>();
      const onFile = (file: BundleAttachment) => {
        hashes.add(file.sha256);
        if (file.thumbnailSha256 !== null) hashes.add(file.thumbnailSha256);
      };
      const bundle = join(folder, `${name}.jsonl`);
      await pipeline(Readable.from(await this.lines(scope, exportedBy, { withFiles: true, onFile })), createWriteStream(bundle));
      await mkdir(join(folder, 'files'));
      const entries = [{ path: `${name}.jsonl`, file: bundle }];
      for (const sha256 of hashes) {
        const stream = /^[0-9a-f]{64}$/.test(sha256) ? await this.files.open(sha256) : null;
        if (!stream) {
          this.logger.warn(`audit bundle ${name}: the file store has no file ${sha256}; it is left out (the verifier names it missing)`);
          continue;
        }
        await pipeline(stream, createWriteStream(join(folder, 'files', sha256)));
        entries.push({ path: `${name}.files/${sha256}`, file: join(folder, 'files', sha256) });
      }
      const archive = Readable.from(tarOf(entries, new Date()), { objectMode: false });
      archive.once('close', () => void cleanUp());
      return archive;
    } catch (error) {
      await cleanUp();
      throw error;
    }
  }

  private async lines(
    scope: AuditScope,
    exportedBy: number,
    options: { withFiles?: boolean; onFile?: (file: BundleAttachment) => void },
  ): Promise<AsyncGenerator<string>> {
    const head = (await this.store.headPosition())?.position ?? null;
    if (head && !(await this.runner.waitFor(head, { projectors: ['ledger'], timeoutMs: LEDGER_WAIT_MS }))) {
      throw new ApiRefusal(503, 'ledger_behind', 'The ledger read model is behind the events (see Operations); export again in a moment.');
    }
    // Load the key now: a broken key setting answers an error instead of a cut-off bundle.
    const publicKey = this.key.publicKey;
    this.logger.log(
      `user ${exportedBy} exports an audit bundle of ${scope.kind === 'project' ? `project ${scope.jobId}` : `${scope.from} to ${scope.to}`}${options.withFiles ? ' with its files' : ''}`,
    );
    const writer = new AuditBundleWriter(scope, new Date(), { withFiles: options.withFiles });
    const pages = scope.kind === 'project' ? this.projectPages(scope.jobId, head) : this.rangePages(new Date(scope.from), new Date(scope.to), head);
    const postingsOf = (events: RecordedEvent[]) => this.postings(events.map((e) => e.id));
    const sign = (bytes: Buffer) => this.key.sign(bytes);
    const onFile = options.onFile;
    return (async function* () {
      yield writer.header();
      for await (const events of pages) {
        if (events.length === 0) continue;
        let text = '';
        for (const event of events) text += writer.event(event, onFile);
        for (const p of await postingsOf(events))
          text += writer.posting({
            eventId: p.event_id,
            line: p.line,
            jobId: p.job_id,
            originalId: p.original_id,
            account: p.account,
            companyId: p.company_id,
            amount: p.amount,
          });
        yield text;
      }
      yield writer.finish(formatPosition(head), publicKey, sign);
    })();
  }

  /**
   * The project's streams whole (its own, each milestone's and its progress billing's), and the bank-account streams of
   * its buyer and of every company its payments went to (where the money came from and went:
   * linked, verified, chosen, confirmed), merged into the global order.
   */
  private async *projectPages(projectId: number, head: GlobalPosition | null): AsyncGenerator<RecordedEvent[]> {
    const milestones = await this.milestones.ofJob(projectId);
    const payees = new Set(milestones.flatMap((m) => [...m.disbursements.map((d) => d.companyId), ...m.retainageReleases.map((r) => r.companyId)]));
    const streams = [
      `job-${projectId}`,
      ...milestones.map((m) => `milestone-${m.originalId}`),
      billingStreamId(projectId),
      ...new Set(milestones.map((m) => userBankAccountsStreamId(m.customerId))),
      ...[...payees].map(companyBankAccountsStreamId),
    ];
    const events: RecordedEvent[] = [];
    for (const stream of streams) events.push(...(await this.store.readStream(stream)));
    const included = events.filter((e) => head !== null && comparePositions(e.position, head) <= 0).sort((a, b) => comparePositions(a.position, b.position));
    for (let i = 0; i < included.length; i += PAGE) yield included.slice(i, i + PAGE);
  }

  /** Every event recorded in [from, to), in the global order up to the head. */
  private async *rangePages(from: Date, to: Date, head: GlobalPosition | null): AsyncGenerator<RecordedEvent[]> {
    if (!head) return;
    let after: GlobalPosition | null = null;
    for (;;) {
      const page = await this.store.readAll({ after, limit: PAGE });
      const upToHead = page.events.filter((e) => comparePositions(e.position, head) <= 0);
      yield upToHead.filter((e) => e.recordedAt >= from && e.recordedAt < to);
      after = page.lastPosition;
      if (upToHead.length < page.events.length || !after || comparePositions(after, head) >= 0) return;
      if (!page.hasMore && page.events.length === 0) return;
    }
  }

  private async postings(eventIds: string[]): Promise<PostingRow[]> {
    const { rows } = await this.pool.query<PostingRow>(
      `SELECT event_id, line, job_id, original_id, account, company_id, amount::text AS amount FROM ledger_entries
        WHERE event_id = ANY($1::uuid[]) ORDER BY commit_position, prepare_position, line`,
      [eventIds],
    );
    return rows;
  }
}
