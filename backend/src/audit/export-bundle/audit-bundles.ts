import { Readable } from 'node:stream';

import {
  companyBankAccountsStreamId,
  comparePositions,
  type EventStore,
  formatPosition,
  type GlobalPosition,
  type RecordedEvent,
  userBankAccountsStreamId,
} from '@escrow/domain';
import { AuditBundleWriter, type AuditScope, ProjectionRunner } from '@escrow/projections';
import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { Pool } from 'pg';

import { STORED_EVENT_STORE } from '../../event-store/event-store.tokens';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MilestoneReads } from '../../read-models';
import { AuditSigningKey } from '../audit-signing-key';

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
  ) {}

  /** Checks what can fail before the first byte is sent, then returns the bundle as a stream. */
  async open(scope: AuditScope, exportedBy: number): Promise<Readable> {
    const head = (await this.store.headPosition())?.position ?? null;
    if (head && !(await this.runner.waitFor(head, { projectors: ['ledger'], timeoutMs: LEDGER_WAIT_MS }))) {
      throw new ServiceUnavailableException('The ledger read model is behind the events (see Operations); export again in a moment.');
    }
    // Load the key now: a broken key setting answers an error instead of a cut-off bundle.
    const publicKey = this.key.publicKey;
    this.logger.log(`user ${exportedBy} exports an audit bundle of ${scope.kind === 'project' ? `project ${scope.jobId}` : `${scope.from} to ${scope.to}`}`);
    const writer = new AuditBundleWriter(scope, new Date());
    const pages = scope.kind === 'project' ? this.projectPages(scope.jobId, head) : this.rangePages(new Date(scope.from), new Date(scope.to), head);
    const postingsOf = (events: RecordedEvent[]) => this.postings(events.map((e) => e.id));
    const sign = (bytes: Buffer) => this.key.sign(bytes);
    return Readable.from(
      (async function* () {
        yield writer.header();
        for await (const events of pages) {
          if (events.length === 0) continue;
          let text = '';
          for (const event of events) text += writer.event(event);
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
      })(),
      { objectMode: false },
    );
  }

  /**
   * The project's streams whole (its own and each milestone's), and the bank-account streams of
   * its buyer and of every company its payments went to (where the money came from and went:
   * linked, verified, chosen, confirmed), merged into the global order.
   */
  private async *projectPages(projectId: number, head: GlobalPosition | null): AsyncGenerator<RecordedEvent[]> {
    const milestones = await this.milestones.ofJob(projectId);
    const payees = new Set(milestones.flatMap((m) => [...m.disbursements.map((d) => d.companyId), ...m.retainageReleases.map((r) => r.companyId)]));
    const streams = [
      `job-${projectId}`,
      ...milestones.map((m) => `milestone-${m.originalId}`),
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
