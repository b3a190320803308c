import type { BillingMethod, BillingState } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { SessionUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { ProjectAccess } from '../read-models';
import { type BillingViewer, billingViewerOf } from './billing-commands';

/** The progress-billing read models (projections' BillingProjector) as the queries read them. */
@Injectable()
export class BillingReads {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: ProjectAccess,
  ) {}

  /** The caller's side, the project's billing method and its folded billing state. */
  async requireReader(projectId: number, user: SessionUser): Promise<{ viewer: BillingViewer; method: BillingMethod; billing: BillingState }> {
    const { rows } = await this.pool.query<{ method: BillingMethod | null; state: BillingState | null }>(
      `SELECT j.state->>'billing' AS method, b.state FROM jobs j LEFT JOIN billing_schedules b ON b.job_id = j.job_id WHERE j.job_id = $1`,
      [projectId],
    );
    const billing: BillingState = rows[0]?.state ?? { status: 'none' };
    const viewer = await billingViewerOf(this.access, projectId, user, billing);
    return { viewer, method: rows[0]?.method ?? 'milestones', billing };
  }
}
