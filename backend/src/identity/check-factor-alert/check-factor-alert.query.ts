import { type FactorAlert, notFound } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { FactorAlerts } from '../factor-alerts';
import { LINK_INVALID } from '../one-time-codes';
import { RateLimits } from '../rate-limits';

/** GET /api/auth/factor-alerts/{code}: what a "this wasn't me" link is about, without using it (issue 35). */
export class CheckFactorAlert extends Query<FactorAlert> {
  constructor(
    readonly code: string,
    readonly ip: string,
  ) {
    super();
  }
}

/** The factor when the link is valid, 404 'Link invalid.' otherwise; each check takes a point of the address's allowance. */
@QueryHandler(CheckFactorAlert)
export class CheckFactorAlertHandler implements IQueryHandler<CheckFactorAlert> {
  constructor(
    private readonly alerts: FactorAlerts,
    private readonly limits: RateLimits,
  ) {}

  async execute({ code, ip }: CheckFactorAlert): Promise<FactorAlert> {
    await this.limits.codeChecked(ip);
    const alert = await this.alerts.describe(code);
    if (!alert) throw notFound('link_invalid', LINK_INVALID);
    return alert;
  }
}
