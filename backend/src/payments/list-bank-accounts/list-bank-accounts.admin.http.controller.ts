import type { BankAccountsView } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, EVERY_ADMIN_ROLE, type SessionUser } from '../../identity';
import { ListBankAccounts } from './list-bank-accounts.query';

/** An administrator looks at a company's payout accounts (and a held change, which a finance administrator may decide). */
@Controller('admin/companies')
@Access('admin')
export class ListCompanyBankAccountsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('BankAccountsView')
  @Get(':id/bank-accounts')
  @AdminRoles(...EVERY_ADMIN_ROLE)
  async ofCompany(@Param('id', ParseIdPipe) companyId: number, @CurrentUser() user: SessionUser): Promise<BankAccountsView> {
    return this.queryBus.execute(new ListBankAccounts({ userId: null, companyId }, { userId: user.userId, admin: true }));
  }
}
