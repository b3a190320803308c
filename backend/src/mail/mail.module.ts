import { Logger, Module } from '@nestjs/common';
import type * as Nodemailer from 'nodemailer';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { type Mail, MAIL_PORT, type MailPort } from './mail.port';

const logger = new Logger('Mail');

/** Every mail is kept in the outbox; with SMTP_URL it is also sent and marked sent. */
class OutboxMail implements MailPort {
  constructor(
    private readonly pool: Pool,
    private readonly smtpUrl: string | null,
    private readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    const { rows } = await this.pool.query<{ mail_id: number }>(
      'INSERT INTO mail_outbox (recipient, subject, body, dedupe_key) VALUES ($1, $2, $3, $4) ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING RETURNING mail_id',
      [mail.to, mail.subject, mail.text, mail.dedupeKey ?? null],
    );
    if (!rows[0]) return; // this very mail was sent before
    if (!this.smtpUrl) {
      // Logs reach log stores: no address, subject (some name a person) or text (reset links,
      // codes) unless a developer asks (LOG_LEVEL=debug).
      logger.log({ msg: 'mail kept in the outbox (no SMTP_URL)', mailId: rows[0].mail_id });
      logger.debug({ msg: `mail ${rows[0].mail_id} to ${mail.to}: ${mail.subject}\n${mail.text}` });
      return;
    }
    try {
      // Loaded for the first mail sent: nodemailer took about 30 ms of every start, and most installations send none from here.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { createTransport } = require('nodemailer') as typeof Nodemailer;
      await createTransport(this.smtpUrl).sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
      await this.pool.query('UPDATE mail_outbox SET sent_at = now() WHERE mail_id = $1', [rows[0]!.mail_id]);
    } catch (error) {
      // The request that caused the mail succeeded; the unsent row stays in the outbox to resend.
      logger.error({ msg: `sending mail ${rows[0]!.mail_id} failed: ${(error as Error).message}`, mailId: rows[0]!.mail_id });
    }
  }
}

@Module({
  providers: [
    {
      provide: MAIL_PORT,
      inject: [PG_POOL, APP_CONFIG],
      useFactory: (pool: Pool, config: AppConfig) => new OutboxMail(pool, config.smtpUrl, config.mailFrom),
    },
  ],
  exports: [MAIL_PORT],
})
export class MailModule {}
