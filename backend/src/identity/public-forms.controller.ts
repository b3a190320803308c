import type { MessageAnswer } from '@escrow/domain';
import { BadRequestException, Body, Controller, HttpCode, HttpStatus, Inject, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';

import { Answers } from '../http/openapi';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../mail';
import { ContactRequest, DeleteAccountRequest } from './auth.dto';
import { isEmail, normalizeEmail } from './phone';
import { RateLimits } from './rate-limits';

const SUPPORT_EMAIL = 'support@escrowledger.test';

/** Forms anyone may send: the account-deletion request and the contact form. */
@Controller()
export class PublicFormsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    private readonly limits: RateLimits,
  ) {}

  /**
   * Records the request and confirms it by mail. The answer is the same whether or not the
   * email has an account, so the form cannot be used to find out who is a member.
   */
  @Answers('MessageAnswer')
  @Post('v2/delete-account-request')
  @HttpCode(200)
  async requestAccountDeletion(@Body() body: DeleteAccountRequest, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    const email = normalizeEmail(body.email);
    if (!email) throw new BadRequestException('Please enter an email address.');
    if (!isEmail(email)) throw new BadRequestException('Please enter a valid email address.');
    await this.limits.publicFormSent(request.ip);
    const note = body.note?.trim() || null;
    const { rows } = await this.pool.query<{ user_id: number | null }>(
      `INSERT INTO account_deletion_requests (email, note, user_id)
       VALUES ($1, $2, (SELECT user_id FROM users WHERE email = $1 AND deleted_at IS NULL)) RETURNING user_id`,
      [email, note],
    );
    if (rows[0]?.user_id) {
      await this.mail.send({
        to: email,
        subject: 'We received your account deletion request',
        text: 'We received a request to delete your Escrow Ledger account. Please allow up to 5 business days for the account to be deleted. Records of payments that the law requires us to keep are kept without your personal details.\n\nIf you did not ask for this, reply to this email.',
      });
    }
    return { message: 'Request sent.' };
  }

  @Answers('MessageAnswer', HttpStatus.CREATED)
  @Post('contact')
  @HttpCode(201)
  async contact(@Body() body: ContactRequest, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    const name = body.name.trim();
    const email = normalizeEmail(body.email);
    const message = body.message.trim();
    if (!name) throw new BadRequestException('Please enter your name.');
    if (!isEmail(email)) throw new BadRequestException('Please enter a valid email address.');
    if (!message) throw new BadRequestException('Please write your message.');
    await this.limits.publicFormSent(request.ip);
    await this.pool.query('INSERT INTO contact_messages (name, email, phone, message) VALUES ($1, $2, $3, $4)', [
      name,
      email,
      body.phone?.trim() || null,
      message,
    ]);
    await this.mail.send({
      to: SUPPORT_EMAIL,
      subject: `Contact form: ${name}`,
      text: `From ${name} <${email}>${body.phone ? `, ${body.phone}` : ''}\n\n${message}`,
    });
    return { message: 'Thanks! We will get back to you within 24 hours.' };
  }
}
