import type { BuyerMatch, ProjectBuyerView } from '@escrow/domain';
import { BadRequestException, Body, ConflictException, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { Answers } from '../http/openapi';
import type { SessionUser } from '../identity';
import { Access, CurrentUser } from '../identity';
import { OneTimeCodes } from '../identity';
import { isEmail, normalizeEmail, normalizePhone } from '../identity';
import { type UserRow, UsersRepository } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../mail';
import { NewCustomerRequest } from './directory.dto';

export const PHONE_NEEDS_TEN_DIGITS = 'Enter all 10 digits of the phone number.';

function customerOf(row: UserRow): ProjectBuyerView {
  return {
    customer_id: row.user_id,
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    email: row.email,
    customer_name: `${row.first_name} ${row.last_name}`.trim(),
  };
}

/** The buyer section of the new-project screen (spec §2, §5): find a buyer or create one. */
@Controller()
export class CustomersController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Any format, but all 10 digits (spec §5). */
  @Answers(['BuyerMatch'])
  @Get('customer/search/phone/:phone')
  @Access('user')
  async byPhone(@Param('phone') phoneParam: string): Promise<BuyerMatch[]> {
    const phone = normalizePhone(phoneParam);
    if (!phone) throw new BadRequestException(PHONE_NEEDS_TEN_DIGITS);
    // Found by that phone, so each buyer's phone is the one searched for.
    return (await this.users.buyersByPhone(phone)).map((u) => ({ user_id: u.user_id, first_name: u.first_name, last_name: u.last_name, phone }));
  }

  /**
   * Creates the buyer a seller names (without a password: an invitation link lets them choose
   * one), or, in the buyer-started flow, answers with the current user as the buyer.
   */
  @Answers('ProjectBuyerView', HttpStatus.CREATED)
  @Post('job/customer/new')
  @Access('user')
  @HttpCode(201)
  async create(@Body() body: NewCustomerRequest, @CurrentUser() user: SessionUser): Promise<ProjectBuyerView> {
    if (body.user_id !== undefined) {
      if (body.user_id !== user.userId) throw new BadRequestException('user_id may only name yourself, when you are the buyer.');
      const me = await this.users.byId(user.userId);
      if (!me) throw new BadRequestException('Your account no longer exists.');
      return customerOf(me);
    }
    const firstName = body.first_name.trim();
    const lastName = body.last_name.trim();
    const email = normalizeEmail(body.email);
    const phone = normalizePhone(body.phone);
    if (!firstName) throw new BadRequestException("Please enter the buyer's first name.");
    if (!lastName) throw new BadRequestException("Please enter the buyer's last name.");
    if (!isEmail(email)) throw new BadRequestException('Please enter a valid email address for the buyer.');
    if (!phone) throw new BadRequestException(PHONE_NEEDS_TEN_DIGITS);
    const taken = 'A user with this email already exists. Search for them by phone instead.';
    if (await this.users.byEmail(email)) throw new ConflictException(taken);
    const created = await UsersRepository.insert(this.pool, { firstName, lastName, phone, email }).catch((error: { code?: string }) => {
      if (error.code === '23505') throw new ConflictException(taken);
      throw error;
    });
    const code = await this.codes.issue(created.user_id, 'invitation');
    await this.mail.send({
      to: created.email,
      subject: `${user.displayName} invited you to a project on Escrow Ledger`,
      text: `Hello ${created.first_name},\n\n${user.displayName} started a project with you on Escrow Ledger, where your project funds are held in escrow and released milestone by milestone when you approve.\n\nChoose your password to see the project:\n\n${this.config.publicUrl}/customer/new/${code}\n`,
    });
    return customerOf(created);
  }
}
