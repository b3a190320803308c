import { conflict } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../mail';
import { OneTimeCodes } from './one-time-codes';
import type { UserRow } from './users.repository';

const EMAIL_TAKEN = 'An account with this email already exists. Use another address.';

/** Links mailed to prove an address is the user's: on sign-up (and on request), and for an email change. */
@Injectable()
export class EmailVerification {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly codes: OneTimeCodes,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(user: Pick<UserRow, 'user_id' | 'email' | 'first_name'>): Promise<void> {
    const code = await this.codes.issue(user.user_id, 'email_verification');
    await this.mail.send({
      to: user.email,
      subject: 'Verify your email address for Escrow Ledger',
      text:
        `Hello ${user.first_name},\n\nPlease confirm that this address is yours by opening this link (valid for a week):\n\n` +
        `${this.config.publicUrl}/verify-email/${code}\n\nUntil then you cannot deposit, be paid or sign anything on Escrow Ledger.`,
    });
  }

  /** The user whose address the link proves, or null when the link is invalid, used or expired. */
  async verify(code: string): Promise<number | null> {
    const userId = await this.codes.consume(code, 'email_verification');
    if (userId === null) return null;
    await this.pool.query('UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE user_id = $1', [userId]);
    return userId;
  }

  /** Mails a confirmation link to the new address and a notice to the old one; nothing changes until the link is opened. */
  async requestChange(user: Pick<UserRow, 'user_id' | 'email' | 'first_name'>, newEmail: string): Promise<void> {
    const { rows } = await this.pool.query('SELECT 1 FROM users WHERE email = $1', [newEmail]);
    if (rows.length > 0) throw conflict('email_taken', EMAIL_TAKEN);
    const code = await this.codes.issue(user.user_id, 'email_change', this.pool, newEmail);
    await this.mail.send({
      to: newEmail,
      subject: 'Confirm your new email address for Escrow Ledger',
      text:
        `Hello ${user.first_name},\n\nYou asked to use this address for your Escrow Ledger account. Confirm it within a day:\n\n` +
        `${this.config.publicUrl}/confirm-email/${code}\n\nIf it was not you, ignore this email.`,
    });
    await this.mail.send({
      to: user.email,
      subject: 'Your Escrow Ledger email address is about to change',
      text:
        `Hello ${user.first_name},\n\nSomeone signed in to your account asked to change its email address to ${newEmail}. ` +
        `It changes only when the link we sent there is opened.\n\nIf it was not you: reset your password and end the other sessions at ` +
        `${this.config.publicUrl}/portal/account/security`,
    });
  }

  /** The link from the new address: the address changes (and counts as verified). Null when the link is invalid. */
  async confirmChange(code: string): Promise<{ userId: number; oldEmail: string; newEmail: string } | null> {
    const consumed = await this.codes.consumeWithEmail(code, 'email_change');
    if (!consumed?.newEmail) return null;
    try {
      const { rows } = await this.pool.query<{ old_email: string }>(
        `UPDATE users u SET email = $2, email_verified_at = now() FROM users old WHERE u.user_id = $1 AND old.user_id = u.user_id RETURNING old.email AS old_email`,
        [consumed.userId, consumed.newEmail],
      );
      return rows[0] ? { userId: consumed.userId, oldEmail: rows[0].old_email, newEmail: consumed.newEmail } : null;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw conflict('email_taken', EMAIL_TAKEN);
      throw error;
    }
  }
}
