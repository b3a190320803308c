import { invalid, type MessageAnswer } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';
import { isEmail, normalizeEmail } from '../phone';
import { RateLimits } from '../rate-limits';
import { SendContactMessage } from './send-contact-message.command';

const SUPPORT_EMAIL = 'support@escrowledger.test';

@CommandHandler(SendContactMessage)
export class SendContactMessageHandler implements ICommandHandler<SendContactMessage> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    private readonly limits: RateLimits,
  ) {}

  async execute(c: SendContactMessage): Promise<MessageAnswer> {
    const name = c.name.trim();
    const email = normalizeEmail(c.email);
    const message = c.message.trim();
    if (!name) throw invalid('name_required', 'Please enter your name.');
    if (!isEmail(email)) throw invalid('email_invalid', 'Please enter a valid email address.');
    if (!message) throw invalid('message_required', 'Please write your message.');
    await this.limits.publicFormSent(c.ip);
    await this.pool.query('INSERT INTO contact_messages (name, email, phone, message) VALUES ($1, $2, $3, $4)', [
      name,
      email,
      c.phone?.trim() || null,
      message,
    ]);
    await this.mail.send({
      to: SUPPORT_EMAIL,
      subject: `Contact form: ${name}`,
      text: `From ${name} <${email}>${c.phone ? `, ${c.phone}` : ''}\n\n${message}`,
    });
    return { message: 'Thanks! We will get back to you within 24 hours.' };
  }
}
