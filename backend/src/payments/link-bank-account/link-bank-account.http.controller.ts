import type { AccountView } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { invalidParam } from '../../http/api-refusal';
import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay, RequireSecondFactor, RequireVerifiedEmail, type SessionUser, StepUp } from '../../identity';
import { type HttpOrigin, Origin } from '../request-origin';
import { LinkBankAccountCommand } from './link-bank-account.command';
import { LinkBankAccountRequest } from './link-bank-account.request.dto';

/** ABA routing numbers carry a checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 mod 10. */
function validRoutingNumber(routing: string): boolean {
  const d = routing.split('').map(Number);
  return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
}

/**
 * Links a bank account through the sandbox provider (/portal/ach, /portal/direct-deposit): an
 * event on the owner's stream. A new payout account pays only once its two micro-deposits are
 * confirmed (docs/payments.md#the-payout-account-hold).
 */
@Controller('bank-accounts')
@Access('user')
export class LinkBankAccountController {
  constructor(private readonly commandBus: CommandBus) {}

  /**
   * Payout accounts need a second factor enrolled (RequireSecondFactor). A route marker cannot
   * read the body, so the whole route carries it: a deposit account needs a step-up anyway,
   * which needs an enrolled factor, so buyers lose nothing by it.
   */
  @Answers('AccountView', HttpStatus.CREATED)
  @MemberMay('bank_accounts.manage')
  @Post()
  @HttpCode(201)
  @StepUp()
  @RequireVerifiedEmail()
  @RequireSecondFactor()
  async link(
    @Body() body: LinkBankAccountRequest,
    @CurrentUser() user: SessionUser,
    @Origin() origin: HttpOrigin,
    @IdempotencyKey() key: string | null,
  ): Promise<AccountView> {
    if (!validRoutingNumber(body.routing_number)) throw invalidParam('routing_number', 'That routing number is not valid; check the 9 digits on your check.');
    const holder = body.holder_name.trim();
    if (!holder) throw invalidParam('holder_name', "Enter the account holder's name.");
    return this.commandBus.execute(
      new LinkBankAccountCommand(
        user,
        origin,
        {
          purpose: body.purpose,
          jobId: body.job_id ?? null,
          holderName: holder,
          bankName: body.bank_name?.trim() || null,
          routingNumber: body.routing_number,
          accountNumber: body.account_number,
        },
        key,
      ),
    );
  }
}
