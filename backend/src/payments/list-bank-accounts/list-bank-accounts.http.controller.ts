import type { BankAccountsView } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { ListBankAccounts } from './list-bank-accounts.query';

/** The caller's own accounts: a buyer's deposit accounts, or their company's payout accounts. */
@Controller('bank-accounts')
@Access('user')
export class ListBankAccountsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('BankAccountsView')
  @MemberMay('payments.view')
  @Get()
  async mine(@CurrentUser() user: SessionUser): Promise<BankAccountsView> {
    return this.queryBus.execute(
      new ListBankAccounts(
        { userId: user.companyId === null ? user.userId : null, companyId: user.companyId },
        { userId: user.userId, admin: user.role === 'admin' },
      ),
    );
  }
}
