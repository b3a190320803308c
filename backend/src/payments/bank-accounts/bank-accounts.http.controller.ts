import type { AccountView, BankAccountsView, PayoutAnswer } from '@escrow/domain';
import { BadRequestException, Body, Controller, Delete, ForbiddenException, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

import { IdempotencyKey } from '../../command-side';
import { IsId } from '../../http/ids';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, RequireSecondFactor, RequireVerifiedEmail, type SessionUser, StepUp } from '../../identity';
import { BankAccounts } from '../bank-accounts.service';
import {
  ChoosePayoutAccountCommand,
  DecidePayoutChangeCommand,
  LinkBankAccountCommand,
  RemoveBankAccountCommand,
  VerifyBankAccountCommand,
} from './bank-account.commands';
import { type HttpOrigin, Origin } from './request-origin';

export class LinkBankAccountRequest {
  @IsIn(['deposit', 'payout'], { message: 'purpose is deposit (buyers) or payout (companies).' })
  purpose!: 'deposit' | 'payout';

  @IsOptional() @IsId('job_id must be the id of a project.') job_id?: number;

  @IsString({ message: "Enter the account holder's name." }) @MaxLength(200) holder_name!: string;

  @IsOptional() @IsString() @MaxLength(200) bank_name?: string;

  @IsString({ message: 'Enter the 9-digit routing number.' })
  @Matches(/^\d{9}$/, { message: 'The routing number has 9 digits.' })
  routing_number!: string;

  @IsString({ message: 'Enter the account number.' })
  @Matches(/^\d{4,17}$/, { message: 'The account number has 4 to 17 digits.' })
  account_number!: string;
}

export class VerifyBankAccountRequest {
  @IsArray({ message: 'Enter the two deposit amounts, like ["0.32", "0.45"].' })
  @ArrayMinSize(2, { message: 'Enter the two deposit amounts, like ["0.32", "0.45"].' })
  @ArrayMaxSize(2, { message: 'Enter the two deposit amounts, like ["0.32", "0.45"].' })
  @IsString({ each: true, message: 'Each amount is text like "0.32".' })
  @Matches(/^\d{0,3}(\.\d{1,2})?$/, { each: true, message: 'Each amount is dollars and cents under $1.00, like 0.32.' })
  amounts!: string[];
}

/** ABA routing numbers carry a checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 mod 10. */
function validRoutingNumber(routing: string): boolean {
  const d = routing.split('').map(Number);
  return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
}

/**
 * Bank accounts through the sandbox provider (/portal/ach, /portal/direct-deposit): events on
 * the owner's stream. Every change needs a fresh second factor; payout accounts also need one
 * enrolled. A new payout account pays only once its two micro-deposits are confirmed, and a
 * change of payout account holds payouts (docs/payments.md#the-payout-account-hold).
 */
@Controller('bank-accounts')
@Access('user')
export class BankAccountsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly accounts: BankAccounts,
  ) {}

  @Answers('BankAccountsView')
  @Get()
  async mine(@CurrentUser() user: SessionUser): Promise<BankAccountsView> {
    return this.accounts.list(
      { userId: user.companyId === null ? user.userId : null, companyId: user.companyId },
      { userId: user.userId, admin: user.role === 'admin' },
    );
  }

  /**
   * Payout accounts need a second factor enrolled (RequireSecondFactor). A route marker cannot
   * read the body, so the whole route carries it: a deposit account needs a step-up anyway,
   * which needs an enrolled factor, so buyers lose nothing by it.
   */
  @Answers('AccountView', HttpStatus.CREATED)
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
    if (!validRoutingNumber(body.routing_number)) throw new BadRequestException('That routing number is not valid; check the 9 digits on your check.');
    const holder = body.holder_name.trim();
    if (!holder) throw new BadRequestException("Enter the account holder's name.");
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

  /** Not step-up: it only proves the account's owner can see its statement; linking it already needed one. */
  @Answers('AccountView')
  @Post(':id/verify')
  @RequireVerifiedEmail()
  @HttpCode(200)
  async verify(
    @Param('id', ParseIdPipe) id: number,
    @Body() body: VerifyBankAccountRequest,
    @CurrentUser() user: SessionUser,
    @Origin() origin: HttpOrigin,
  ): Promise<AccountView> {
    return this.commandBus.execute(new VerifyBankAccountCommand(user, origin, id, body.amounts));
  }

  @Answers('PayoutAnswer')
  @Post(':id/payout')
  @HttpCode(200)
  @StepUp()
  @RequireVerifiedEmail()
  @RequireSecondFactor()
  async choose(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser, @Origin() origin: HttpOrigin): Promise<PayoutAnswer> {
    return this.commandBus.execute(new ChoosePayoutAccountCommand(user, origin, id));
  }

  @Answers('PayoutAnswer')
  @Post('payout-change/confirm')
  @HttpCode(200)
  @StepUp()
  @RequireVerifiedEmail()
  async confirm(@CurrentUser() user: SessionUser, @Origin() origin: HttpOrigin): Promise<PayoutAnswer> {
    return this.commandBus.execute(new DecidePayoutChangeCommand(user, origin, this.companyOf(user), 'confirm'));
  }

  @Answers('PayoutAnswer')
  @Post('payout-change/undo')
  @HttpCode(200)
  @StepUp()
  @RequireVerifiedEmail()
  async undo(@CurrentUser() user: SessionUser, @Origin() origin: HttpOrigin): Promise<PayoutAnswer> {
    return this.commandBus.execute(new DecidePayoutChangeCommand(user, origin, this.companyOf(user), 'undo'));
  }

  @Answers('AccountView')
  @Delete(':id')
  @HttpCode(200)
  @StepUp()
  @RequireVerifiedEmail()
  async remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser, @Origin() origin: HttpOrigin): Promise<AccountView> {
    return this.commandBus.execute(new RemoveBankAccountCommand(user, origin, id));
  }

  private companyOf(user: SessionUser): number {
    if (user.companyId === null) throw new ForbiddenException('Only contractor company users confirm or undo a payout account change.');
    return user.companyId;
  }
}
