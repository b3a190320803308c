import { createHash, randomBytes } from 'node:crypto';

import { BadRequestException, Body, Controller, ForbiddenException, Get, Headers, HttpCode, Post, UnprocessableEntityException } from '@nestjs/common';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

import { idempotencyKeyOf } from '../command-side';
import { IsId } from '../http/ids';
import { Access, CurrentUser, type SessionUser } from '../identity';
import { ProjectAccess } from '../read-models';
import { BankAccounts } from './bank-accounts.service';

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

/** ABA routing numbers carry a checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 mod 10. */
export function validRoutingNumber(routing: string): boolean {
  const d = routing.split('').map(Number);
  return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
}

/**
 * Linking bank accounts through the sandbox provider (/portal/ach, /portal/direct-deposit). The
 * numbers go to the provider (here: turned into an opaque token and dropped); we keep the last
 * four digits to show and the token to pay with.
 */
@Controller('bank-accounts')
@Access('user')
export class BankAccountsController {
  constructor(
    private readonly accounts: BankAccounts,
    private readonly access: ProjectAccess,
  ) {}

  @Get()
  async mine(@CurrentUser() user: SessionUser) {
    const own = await this.accounts.listForUser(user.userId);
    const payout = user.companyId ? await this.accounts.payoutAccountOf(user.companyId) : null;
    return { deposit_accounts: own.filter((a) => a.purpose === 'deposit'), payout_account: payout };
  }

  @Post()
  @HttpCode(201)
  async link(@Body() body: LinkBankAccountRequest, @CurrentUser() user: SessionUser, @Headers('idempotency-key') keyHeader?: string) {
    const key = idempotencyKeyOf(keyHeader);
    if (!validRoutingNumber(body.routing_number)) throw new BadRequestException('That routing number is not valid; check the 9 digits on your check.');
    const holder = body.holder_name.trim();
    if (!holder) throw new BadRequestException("Enter the account holder's name.");
    if (body.purpose === 'payout' && user.companyId === null) throw new ForbiddenException('Only contractor company users add a payout account.');
    if (body.job_id) {
      const { viewer } = await this.access.requireViewer(body.job_id, user);
      // A project's deposits come from its buyer's account: nobody else registers one for it.
      if (body.purpose === 'deposit' && viewer !== 'customer')
        throw new ForbiddenException("Only the project's buyer adds the account its deposits come from.");
    }
    const token = `sbx_ba_${createHash('sha256')
      .update(`${body.routing_number}:${body.account_number}:${randomBytes(8).toString('hex')}`)
      .digest('hex')
      .slice(0, 24)}`;
    const linked = await this.accounts.add({
      purpose: body.purpose,
      userId: body.purpose === 'deposit' ? user.userId : null,
      companyId: body.purpose === 'payout' ? user.companyId : null,
      jobId: body.purpose === 'deposit' ? (body.job_id ?? null) : null,
      holderName: holder,
      bankName: body.bank_name?.trim() || null,
      last4: body.account_number.slice(-4),
      providerToken: token,
      createdBy: user.userId,
      idempotencyKey: key,
    });
    if (!linked) throw new UnprocessableEntityException('This Idempotency-Key was already used for a different request. Use a new key for a new request.');
    return linked.account;
  }
}
