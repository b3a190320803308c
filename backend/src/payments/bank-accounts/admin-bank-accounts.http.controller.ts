import type { BankAccountsView, PayoutAnswer } from '@escrow/domain';
import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, EVERY_ADMIN_ROLE, FINANCE_ROLES, type SessionUser, StepUp } from '../../identity';
import { BankAccounts } from '../bank-accounts.service';
import { DecidePayoutChangeCommand } from './bank-account.commands';
import { type HttpOrigin, Origin } from './request-origin';

/** An administrator looks at a company's payout accounts and confirms or undoes a held change. */
@Controller('admin/companies')
@Access('admin')
export class AdminBankAccountsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly accounts: BankAccounts,
  ) {}

  @Answers('BankAccountsView')
  @Get(':id/bank-accounts')
  @AdminRoles(...EVERY_ADMIN_ROLE)
  async ofCompany(@Param('id', ParseIdPipe) companyId: number, @CurrentUser() user: SessionUser): Promise<BankAccountsView> {
    return this.accounts.list({ userId: null, companyId }, { userId: user.userId, admin: true });
  }

  @Answers('PayoutAnswer')
  @Post(':id/payout-change/confirm')
  @HttpCode(200)
  @AdminRoles(...FINANCE_ROLES)
  @StepUp()
  async confirm(@Param('id', ParseIdPipe) companyId: number, @CurrentUser() user: SessionUser, @Origin() origin: HttpOrigin): Promise<PayoutAnswer> {
    return this.commandBus.execute(new DecidePayoutChangeCommand(user, origin, companyId, 'confirm'));
  }

  @Answers('PayoutAnswer')
  @Post(':id/payout-change/undo')
  @HttpCode(200)
  @AdminRoles(...FINANCE_ROLES)
  @StepUp()
  async undo(@Param('id', ParseIdPipe) companyId: number, @CurrentUser() user: SessionUser, @Origin() origin: HttpOrigin): Promise<PayoutAnswer> {
    return this.commandBus.execute(new DecidePayoutChangeCommand(user, origin, companyId, 'undo'));
  }
}
