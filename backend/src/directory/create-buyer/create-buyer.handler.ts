import { conflict, invalid, type ProjectBuyerView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { isEmail, normalizeEmail, normalizePhone, OneTimeCodes, UsersRepository } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';
import { buyerView, PHONE_NEEDS_TEN_DIGITS } from '../buyers';
import { CreateBuyer } from './create-buyer.command';

const EMAIL_TAKEN = 'A user with this email already exists. Search for them by phone instead.';

@CommandHandler(CreateBuyer)
export class CreateBuyerHandler implements ICommandHandler<CreateBuyer> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(c: CreateBuyer): Promise<ProjectBuyerView> {
    if (c.userId !== null) {
      if (c.userId !== c.actor.userId) throw invalid('buyer_not_self', 'user_id may only name yourself, when you are the buyer.');
      const me = await this.users.byId(c.actor.userId);
      if (!me) throw invalid('account_gone', 'Your account no longer exists.');
      return buyerView(me);
    }
    const firstName = c.firstName.trim();
    const lastName = c.lastName.trim();
    const email = normalizeEmail(c.email);
    const phone = normalizePhone(c.phone);
    if (!firstName) throw invalid('first_name_missing', "Please enter the buyer's first name.");
    if (!lastName) throw invalid('last_name_missing', "Please enter the buyer's last name.");
    if (!isEmail(email)) throw invalid('email_invalid', 'Please enter a valid email address for the buyer.');
    if (!phone) throw invalid('phone_digits', PHONE_NEEDS_TEN_DIGITS);
    if (await this.users.byEmail(email)) throw conflict('email_taken', EMAIL_TAKEN);
    const created = await UsersRepository.insert(this.pool, { firstName, lastName, phone, email }).catch((error: { code?: string }) => {
      if (error.code === '23505') throw conflict('email_taken', EMAIL_TAKEN);
      throw error;
    });
    const code = await this.codes.issue(created.user_id, 'invitation');
    await this.mail.send({
      to: created.email,
      subject: `${c.actor.displayName} invited you to a project on Escrow Ledger`,
      text: `Hello ${created.first_name},\n\n${c.actor.displayName} started a project with you on Escrow Ledger, where your project funds are held in escrow and released milestone by milestone when you approve.\n\nChoose your password to see the project:\n\n${this.config.publicUrl}/customer/new/${code}\n`,
    });
    return buyerView(created);
  }
}
