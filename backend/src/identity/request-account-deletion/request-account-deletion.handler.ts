import { invalid, type MessageAnswer } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';
import { AfterTheAnswer } from '../after-the-answer';
import { isEmail, normalizeEmail } from '../phone';
import { RateLimits } from '../rate-limits';
import { RequestAccountDeletion } from './request-account-deletion.command';

/**
 * Records the request and confirms it by mail. The answer is the same whether or not the email
 * has an account, so the form cannot be used to find out who is a member.
 */
@CommandHandler(RequestAccountDeletion)
export class RequestAccountDeletionHandler implements ICommandHandler<RequestAccountDeletion> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    private readonly limits: RateLimits,
    private readonly afterTheAnswer: AfterTheAnswer,
  ) {}

  async execute(c: RequestAccountDeletion): Promise<MessageAnswer> {
    const email = normalizeEmail(c.email);
    if (!email) throw invalid('email_required', 'Please enter an email address.');
    if (!isEmail(email)) throw invalid('email_invalid', 'Please enter a valid email address.');
    await this.limits.publicFormSent(c.ip);
    const note = c.note?.trim() || null;
    const { rows } = await this.pool.query<{ user_id: number | null }>(
      `INSERT INTO account_deletion_requests (email, note, user_id)
       VALUES ($1, $2, (SELECT user_id FROM users WHERE email = $1 AND deleted_at IS NULL)) RETURNING user_id`,
      [email, note],
    );
    // Mailed after the answer, as reset links are: waiting for the mail server only when the
    // address has an account would tell by the answer's time who is a member.
    if (rows[0]?.user_id) {
      this.afterTheAnswer.run('confirming an account deletion request', () =>
        this.mail.send({
          to: email,
          subject: 'We received your account deletion request',
          text: 'We received a request to delete your Escrow Ledger account. Please allow up to 5 business days for the account to be deleted. Records of payments that the law requires us to keep are kept without your personal details.\n\nIf you did not ask for this, reply to this email.',
        }),
      );
    }
    return { message: 'Request sent.' };
  }
}
