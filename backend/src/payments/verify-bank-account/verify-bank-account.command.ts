import type { AccountView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { HttpOrigin } from '../request-origin';

/** POST /api/bank-accounts/:id/verify: the two micro-deposit amounts, in any order. */
export class VerifyBankAccountCommand extends Command<AccountView> {
  constructor(
    readonly actor: SessionUser,
    readonly origin: HttpOrigin,
    readonly bankAccountId: number,
    readonly amounts: string[],
  ) {
    super();
  }
}
