import { createHash } from 'node:crypto';

import {
  type ActiveMilestone,
  cardVersion,
  DomainError,
  formatDollars,
  heldFundsClock,
  type MilestoneCommand,
  type MustAct,
  retainageStep,
  WHOLE_PROJECT_MILESTONE,
} from '@escrow/domain';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';

import { EventStreams, milestoneStream, nowIso, systemMetadata } from '../command-side';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { DATABASE_URL, PG_POOL } from '../infrastructure/database/database.tokens';
import { SingleActiveWorker } from '../infrastructure/database/single-active-worker';
import { MAIL_PORT, type MailPort } from '../mail';
import { withCorrelation } from '../observability';
import { MilestoneReads } from '../read-models';
import { RetainageReleases } from '../retainage';
import { BillingShortfallReminders } from './billing-shortfall-reminders';

const LOCK = 'held-funds-clock';

/** A reminder's Idempotency-Key and, with the recipient, its mail's dedupe key: one per milestone, reason and day. */
const reminderKey = (originalId: number, reason: string, day: string): string => `reminder:${originalId}:${reason}:${day}`;

/**
 * The clock on held funds (issue 17), run by one process per database (a session advisory lock,
 * like the payment dispatcher's): funds held longer than HELD_FUNDS_REMINDER_AFTER with someone
 * to act get a reminder mail to whoever must act, again each such period, each reminder a
 * HeldFundsReminderSent event in the milestone's history. A reminder is keyed by milestone,
 * reason and day, and so is its mail in the outbox: a restart, a lost lock or a second process
 * never sends one twice. (A pass that dies after the mails and before the event records it on
 * its next pass, unless the action was done meanwhile: that mail then has no history entry.)
 * Each pass also finishes retainage decisions a crash cut short.
 */
@Injectable()
export class HeldFundsClockWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('HeldFunds');
  private readonly worker: SingleActiveWorker;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(DATABASE_URL) databaseUrl: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    private readonly streams: EventStreams,
    private readonly reads: MilestoneReads,
    private readonly retainage: RetainageReleases,
    private readonly billing: BillingShortfallReminders,
  ) {
    this.worker = new SingleActiveWorker(databaseUrl, this.logger, {
      label: 'held-funds clock',
      applicationName: 'escrow-held-funds-clock',
      lockName: LOCK,
      pollMs: this.intervalMs,
      retryMs: this.intervalMs,
      pass: async () => void (await this.pass(nowIso(), () => this.worker.active)),
    });
  }

  /** How often a pass runs: a quarter of the reminder period, between half a second and a minute. */
  get intervalMs(): number {
    return Math.min(60_000, Math.max(500, Math.floor(this.config.heldFundsReminderAfterMs / 4)));
  }

  onApplicationBootstrap(): void {
    if (this.config.runPayments) this.worker.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker.stop();
  }

  /**
   * One pass: unfinished retainage decisions, then the reminders that are due at `now` (milestones',
   * then progress-billed projects' shortfalls). Returns how many milestone reminders it recorded.
   * `holding` says whether this process still holds the lock.
   */
  async pass(now = nowIso(), holding: () => boolean = () => true): Promise<number> {
    await this.retainage.sweep();
    const after = this.config.heldFundsReminderAfterMs;
    const since = new Date(Date.parse(now) - after).toISOString();
    const { rows } = await this.pool.query<{ job_id: number }>(
      `SELECT DISTINCT job_id FROM milestones
        WHERE held_since <= $1 AND (must_act <> '[]'::jsonb OR retainage_held > 0)
        ORDER BY job_id LIMIT 200`,
      [since],
    );
    let sent = 0;
    for (const { job_id: projectId } of rows) {
      if (!holding()) break; // lost the lock mid-pass: the new holder carries on
      // The read model only finds the candidates: who must act is decided on the write side, so a
      // party that acted a moment ago (its event not projected yet) is not reminded of it.
      const [project, projected] = await Promise.all([this.reads.project(projectId), this.reads.ofJob(projectId)]);
      const states = (await Promise.all(projected.map((m) => this.streams.current(milestoneStream, m.originalId)))).filter(
        (s): s is ActiveMilestone => s.status !== 'none',
      );
      const step = retainageStep(project.retainage, states);
      for (const state of states) {
        const clock = heldFundsClock(state, step);
        if (!clock.heldSince || clock.heldSince > since) continue;
        for (const must of clock.mustAct) {
          if (must.since && must.since > since) continue; // waiting on them for less than the period yet
          const last = state.reminders.filter((r) => r.reason === must.reason).at(-1);
          if (last && Date.parse(now) - Date.parse(last.at) < after) continue;
          sent += await this.remind(state, must, clock.heldSince, clock.inCustody, now);
        }
      }
    }
    if (holding()) await this.billing.pass(now, holding);
    return sent;
  }

  /**
   * The mails first, then the event: both are keyed by milestone, reason and day, so a pass that
   * dies in between sends no mail twice (the outbox keeps one per key and person) and the next
   * pass records the event. Every recorded reminder therefore reached its people.
   */
  private remind(state: ActiveMilestone, must: MustAct, heldSince: string, inCustody: string, now: string): Promise<number> {
    const key = reminderKey(state.originalId, must.reason, now.slice(0, 10));
    // No request causes a reminder: its correlation id derives from its key (the same for a retry after a crash).
    const correlationId = `reminder-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
    return withCorrelation({ correlationId }, () => this.remindOnce(key, state, must, heldSince, inCustody, now));
  }

  private async remindOnce(key: string, state: ActiveMilestone, must: MustAct, heldSince: string, inCustody: string, now: string): Promise<number> {
    const title = cardVersion(state).title || WHOLE_PROJECT_MILESTONE;
    for (const person of await this.recipients(state, must)) {
      await this.mail.send({
        to: person.email,
        subject: `Reminder: ${must.action} — project ${state.jobId}`,
        text: [
          `Hello ${person.first_name},`,
          '',
          `${formatDollars(inCustody)} of milestone "${title}" (project ${state.jobId}) has been held by Escrow Ledger since ${heldSince.slice(0, 10)}.`,
          `Waiting on you: ${must.action}.`,
          '',
          `${this.config.publicUrl}/portal/job/${state.jobId}`,
        ].join('\n'),
        dedupeKey: `${key}:${person.email}`,
      });
    }
    const command: MilestoneCommand = {
      type: 'RemindOfHeldFunds',
      data: { reason: must.reason, to: must.who, companyId: must.companyId, heldSince },
      metadata: systemMetadata(now),
    };
    try {
      const result = await this.streams.decide(milestoneStream, state.originalId, command, { idempotencyKey: key });
      const recorded = result.events.length > 0 && !result.replayed;
      if (recorded) this.logger.log({ msg: `reminder to the ${must.who} (milestone ${state.originalId}): ${must.action}`, reason: must.reason });
      return recorded ? 1 : 0;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn(`reminder ${key}: ${error.message}`);
      return 0;
    }
  }

  private async recipients(state: ActiveMilestone, must: MustAct): Promise<{ email: string; first_name: string }[]> {
    const where =
      must.who === 'buyer'
        ? { sql: 'user_id = $1', value: state.customerId }
        : must.who === 'admin'
          ? { sql: "role = 'admin' AND $1::int IS NOT NULL", value: 0 }
          : { sql: 'company_id = $1', value: must.who === 'seller' ? state.companyId : must.companyId };
    const { rows } = await this.pool.query<{ email: string; first_name: string }>(
      `SELECT email, first_name FROM users WHERE ${where.sql} AND deleted_at IS NULL AND email IS NOT NULL ORDER BY user_id`,
      [where.value],
    );
    return rows;
  }
}
