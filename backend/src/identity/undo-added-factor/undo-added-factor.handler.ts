import { type MessageAnswer, notFound } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { FactorAlerts } from '../factor-alerts';
import { LINK_INVALID } from '../one-time-codes';
import { RateLimits } from '../rate-limits';
import { UndoAddedFactor } from './undo-added-factor.command';

@CommandHandler(UndoAddedFactor)
export class UndoAddedFactorHandler implements ICommandHandler<UndoAddedFactor> {
  constructor(
    private readonly alerts: FactorAlerts,
    private readonly limits: RateLimits,
  ) {}

  async execute({ code, caller }: UndoAddedFactor): Promise<MessageAnswer> {
    await this.limits.codeChecked(caller.ip);
    const done = await this.alerts.undo(code, caller);
    if (!done) throw notFound('link_invalid', LINK_INVALID);
    return done;
  }
}
