import type { AdminBillingView, BillingMethod, BillingState } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { DirectoryService } from '../../directory';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { payApplicationView, PayeeNames, progressBillingView } from '../../progress-billing';

/** A progress-billed project's billing as the admin console shows it, from the billing read model. */
@Injectable()
export class AdminBilling {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly directory: DirectoryService,
    private readonly payeeNames: PayeeNames,
  ) {}

  /** Null for a project billed by milestones, or one whose billing stream has nothing yet. */
  async of(projectId: number): Promise<AdminBillingView | null> {
    const { rows } = await this.pool.query<{ method: BillingMethod | null; state: BillingState | null }>(
      `SELECT j.state->>'billing' AS method, b.state FROM jobs j LEFT JOIN billing_schedules b ON b.job_id = j.job_id WHERE j.job_id = $1`,
      [projectId],
    );
    const state = rows[0]?.state;
    if (rows[0]?.method !== 'progress' || !state || state.status !== 'active') return null;
    const names = await this.directory.companyNames(state.payouts.map((p) => p.payeeId));
    return {
      schedule: await this.payeeNames.named(progressBillingView(projectId, 'progress', state, 'admin')),
      applications: await Promise.all(state.applications.map((a) => this.payeeNames.named(payApplicationView(projectId, a, state.payouts)))),
      payouts: state.payouts.map((p) => ({
        payout_id: p.payoutId,
        payment:
          p.payment.kind === 'application'
            ? { kind: 'application', application_number: p.payment.applicationNumber }
            : { kind: 'retainage', release_number: p.payment.releaseNumber },
        payee_id: p.payeeId,
        name: names.get(p.payeeId) ?? null,
        amount: p.amount,
        funded_at: p.fundedAt,
        paid_at: p.paid?.at ?? null,
        provider_reference: p.paid?.providerReference ?? null,
      })),
    };
  }
}
