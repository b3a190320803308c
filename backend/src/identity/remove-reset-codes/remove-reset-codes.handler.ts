import { forbidden, type ResetCodesRemoved } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { OneTimeCodes } from '../one-time-codes';
import { RemoveResetCodes } from './remove-reset-codes.command';

@CommandHandler(RemoveResetCodes)
export class RemoveResetCodesHandler implements ICommandHandler<RemoveResetCodes> {
  constructor(private readonly codes: OneTimeCodes) {}

  async execute({ actor, userId }: RemoveResetCodes): Promise<ResetCodesRemoved> {
    if (actor.userId !== userId && actor.role !== 'admin') throw forbidden('not_your_reset_codes', 'You can only remove your own reset codes.');
    return { removed: await this.codes.removeAll(userId, 'password_reset') };
  }
}
