import { invalid, type ProgressBillingView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { progressBillingView } from '../billing.view';
import { BillingCommands } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { NameCertifierCommand } from './name-certifier.command';

@CommandHandler(NameCertifierCommand)
export class NameCertifierHandler implements ICommandHandler<NameCertifierCommand> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly names: PayeeNames,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute(c: NameCertifierCommand): Promise<ProgressBillingView> {
    if (c.userId === null) {
      const { state, viewer } = await this.billing.decide(c.actor, c.projectId, { type: 'RemoveCertifier', data: {} }, c.idempotencyKey);
      return this.names.named(progressBillingView(c.projectId, 'progress', state, viewer));
    }
    await this.billing.requireReader(c.projectId, c.actor);
    // The certifier's company decides whether they are on the seller's side (refused by the rules); an administrator is nobody's certifier.
    const { rows } = await this.pool.query<{ company_id: number | null; role: string }>(
      'SELECT company_id, role FROM users WHERE user_id = $1 AND deleted_at IS NULL',
      [c.userId],
    );
    const user = rows[0];
    if (!user || user.role === 'admin') throw invalid('unknown_certifier', `There is no user ${c.userId} who could certify pay applications.`);
    const { state, viewer } = await this.billing.decide(
      c.actor,
      c.projectId,
      { type: 'NameCertifier', data: { userId: c.userId, companyId: user.company_id } },
      c.idempotencyKey,
    );
    return this.names.named(progressBillingView(c.projectId, 'progress', state, viewer));
  }
}
