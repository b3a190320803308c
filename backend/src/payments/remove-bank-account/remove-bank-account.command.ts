import type { AccountView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { HttpOrigin } from '../request-origin';

/** DELETE /api/bank-accounts/:id. */
export class RemoveBankAccountCommand extends Command<AccountView> {
  constructor(
    readonly actor: SessionUser,
    readonly origin: HttpOrigin,
    readonly bankAccountId: number,
  ) {
    super();
  }
}
