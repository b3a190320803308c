import type { PayoutAnswer } from '@escrow/domain';
import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, FINANCE_ROLES, type SessionUser, StepUp } from '../../identity';
import { type HttpOrigin, Origin } from '../request-origin';
import { DecidePayoutChangeCommand } from './decide-payout-change.command';

/** A finance administrator confirms or undoes a company's held payout account change. */
@Controller('admin/companies')
@Access('admin')
export class DecideCompanyPayoutChangeController {
  constructor(private readonly commandBus: CommandBus) {}

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
