import { createHash } from 'node:crypto';

import { type ActiveBilling, type BillingCommand, DomainError, formatAmount, shortfall } from '@escrow/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';

import { billingStream, EventStreams, systemMetadata } from '../command-side';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../mail';
import { withCorrelation } from '../observability';
import { escrowBalanceView } from '../progress-billing';

// Projects whose billing may be short: an application open, or a released payment not funded yet.
const MAY_BE_SHORT = `$.applications[*] ? (@.status != "accepted" || (@.payment != null && @.funding == null))`;

/**
 * The held-funds clock's reminder of a progress-billed project's shortfall (docs/progress-billing.md,
 * "Reminders"): once the application the shortfall concerns has waited a reminder period, the buyer
 * is reminded of what to deposit and by when, and the seller's people are told, again each period
 * while it lasts, each reminder a BillingShortfallReminded event in the project's History. The
 * mails are keyed by project, application and period in the outbox, and the event is recorded once
 * per application and period (the decider's rule and the same key as Idempotency-Key), so a
 * restart, a lost lock or a second process never sends or records one twice. As with a
 * milestone's reminder, the mails go first: a pass that dies between them and the event records
 * it on its next pass while the shortfall lasts.
 */
@Injectable()
export class BillingShortfallReminders {
  private readonly logger = new Logger('HeldFunds');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    private readonly streams: EventStreams,
  ) {}

  /** The reminders due at `now`; returns how many projects were reminded. */
  async pass(now: string, holding: () => boolean): Promise<number> {
    const after = this.config.heldFundsReminderAfterMs;
    const { rows } = await this.pool.query<{ job_id: number }>(
      `SELECT job_id FROM billing_schedules WHERE jsonb_path_exists(state, $1::jsonpath) ORDER BY job_id LIMIT 200`,
      [MAY_BE_SHORT],
    );
    let reminded = 0;
    for (const { job_id: projectId } of rows) {
      if (!holding()) break;
      // The read model finds candidates; the shortfall is the write side's, so a deposit made a moment ago counts.
      const state = await this.streams.current(billingStream, projectId);
      if (state.status !== 'active') continue;
      const short = shortfall(state);
      if (!short) continue;
      const application = state.applications.find((a) => a.applicationNumber === short.applicationNumber)!;
      const period = Math.floor((Date.parse(now) - Date.parse(application.submittedAt)) / after);
      if (period < 1) continue; // short for less than a period yet
      // Recorded means mailed (the mails go first): nothing left to do for this period.
      if (state.shortfallReminders?.some((r) => r.applicationNumber === short.applicationNumber && r.period === period)) continue;
      const key = `billing-shortfall:${projectId}:${short.applicationNumber}:${period}`;
      // No request causes a reminder: its correlation id derives from its key (the same for a retry after a crash).
      const correlationId = `reminder-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
      await withCorrelation({ correlationId }, async () => {
        await this.mailReminder(state, key);
        // What the mails said: the shortfall they were written from.
        const said = { applicationNumber: short.applicationNumber, period, amount: formatAmount(short.amount), depositBy: short.by };
        await this.record(state.jobId, key, said, now);
      });
      reminded += 1;
    }
    return reminded;
  }

  private async record(
    projectId: number,
    key: string,
    said: Extract<BillingCommand, { type: 'RemindOfBillingShortfall' }>['data'],
    now: string,
  ): Promise<void> {
    const command: BillingCommand = { type: 'RemindOfBillingShortfall', data: said, metadata: systemMetadata(now) };
    try {
      await this.streams.decide(billingStream, projectId, command, { idempotencyKey: key });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn(`reminder ${key}: ${error.message}`);
    }
  }

  private async mailReminder(state: ActiveBilling, key: string): Promise<void> {
    const link = `${this.config.publicUrl}/portal/job/${state.jobId}`;
    const buyer = escrowBalanceView(state, 'customer').shortfall!;
    const seller = escrowBalanceView(state, 'company').shortfall!;
    const { rows } = await this.pool.query<{ email: string; first_name: string; buyer: boolean }>(
      `SELECT email, first_name, user_id = $1 AS buyer FROM users
        WHERE (user_id = $1 OR company_id = $2) AND deleted_at IS NULL AND email IS NOT NULL ORDER BY user_id`,
      [state.customerId, state.companyId],
    );
    for (const person of rows) {
      await this.mail.send({
        to: person.email,
        subject: person.buyer
          ? `Reminder: deposit into escrow by ${buyer.deposit_by} — project ${state.jobId}`
          : `The escrow balance is short — project ${state.jobId}`,
        text: [`Hello ${person.first_name},`, '', person.buyer ? buyer.message : seller.message, '', link].join('\n'),
        dedupeKey: `${key}:${person.email}`,
      });
    }
  }
}
