import type { AddedFactorKind, FactorAlert } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../mail';
import { browserName } from './browser-name';
import type { Caller } from './caller';
import { OneTimeCodes } from './one-time-codes';
import { RECENT_FACTOR_DAYS } from './recent-factors';
import { RequiredPasswordResets } from './required-password-resets';
import { SecurityLog } from './security-log';
import type { SessionUser } from './session-user';
import { SessionsService } from './sessions.service';
import { TakeoverReports } from './takeover-reports';
import { hashSecret, newSecret } from './tokens';
import { UsersRepository } from './users.repository';

/** The factor a mail is about: a passkey by its id, the authenticator app, or the set of recovery codes just made. */
export type AddedFactor = { kind: 'passkey'; passkeyId: number; name: string } | { kind: 'totp' } | { kind: 'recovery_codes' };

interface AlertRow {
  user_id: number;
  factor: AddedFactorKind;
  passkey_id: number | null;
  factor_name: string | null;
  factor_at: Date;
}

/**
 * When the factor was added, as stored with it: a later authenticator app or set of codes has
 * another time, so a link removes only the one it was mailed for. ($2 is the user, $4 the passkey.)
 */
const ADDED_AT: Record<AddedFactorKind, string> = {
  passkey: 'SELECT created_at FROM passkeys WHERE user_id = $2 AND passkey_id = $4',
  totp: 'SELECT confirmed_at FROM user_totp WHERE user_id = $2 AND confirmed_at IS NOT NULL',
  recovery_codes: 'SELECT max(created_at) FROM recovery_codes WHERE user_id = $2 AND used_at IS NULL',
};

/**
 * Removes exactly the factor the alert of code hash $1 names, compared with the times stored in
 * the database (a JavaScript Date would drop their microseconds).
 */
const REMOVE: Record<AddedFactorKind, string> = {
  passkey: 'DELETE FROM passkeys p USING factor_alerts a WHERE a.code_hash = $1 AND p.user_id = a.user_id AND p.passkey_id = a.passkey_id',
  totp: 'DELETE FROM user_totp t USING factor_alerts a WHERE a.code_hash = $1 AND t.user_id = a.user_id AND t.confirmed_at = a.factor_at',
  recovery_codes: `DELETE FROM recovery_codes r USING factor_alerts a
                    WHERE a.code_hash = $1 AND r.user_id = a.user_id AND r.created_at = a.factor_at AND r.used_at IS NULL`,
};

/** Whether the factor an alert names is still on the account. */
const STILL_THERE = `CASE a.factor
  WHEN 'passkey' THEN EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = a.user_id AND p.passkey_id = a.passkey_id)
  WHEN 'totp' THEN EXISTS (SELECT 1 FROM user_totp t WHERE t.user_id = a.user_id AND t.confirmed_at = a.factor_at)
  ELSE EXISTS (SELECT 1 FROM recovery_codes r WHERE r.user_id = a.user_id AND r.created_at = a.factor_at AND r.used_at IS NULL) END`;

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const when = (at: Date) => `${WHEN.format(at)} UTC`;

/** The words of the mails and answers about a factor. */
function words(kind: AddedFactorKind, name: string | null): { subject: string; added: string; it: string } {
  switch (kind) {
    case 'passkey':
      return { subject: 'A passkey was added to your Escrow Ledger account', added: `A passkey named "${name}" was added`, it: `the passkey "${name}"` };
    case 'totp':
      return { subject: 'An authenticator app was added to your Escrow Ledger account', added: 'An authenticator app was added', it: 'the authenticator app' };
    case 'recovery_codes':
      return {
        subject: 'New recovery codes were made for your Escrow Ledger account',
        added: 'A new set of recovery codes was made',
        it: 'those recovery codes',
      };
  }
}

/**
 * "Was this you?" for every second factor added (issue 35): the owner is mailed at once with a
 * link that works once, for RECENT_FACTOR_DAYS, and names that very factor. Opening it (a page
 * that asks before it posts, so a mail scanner fetching the link changes nothing) removes the
 * factor, ends every session and pending login, and holds every login until a new password is
 * set from a reset link mailed with it. The security log records the mail and the link's use.
 */
@Injectable()
export class FactorAlerts {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly codes: OneTimeCodes,
    private readonly resets: RequiredPasswordResets,
    private readonly sessions: SessionsService,
    private readonly users: UsersRepository,
    private readonly log: SecurityLog,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly takeovers: TakeoverReports,
  ) {}

  async announce(user: SessionUser, factor: AddedFactor, caller: Caller): Promise<void> {
    const code = newSecret();
    const passkeyId = factor.kind === 'passkey' ? factor.passkeyId : null;
    const name = factor.kind === 'passkey' ? factor.name : null;
    const { rows } = await this.pool.query<{ factor_at: Date }>(
      `INSERT INTO factor_alerts (code_hash, user_id, factor, passkey_id, factor_name, factor_at, expires_at)
       SELECT $1, $2, $3, $4, $5, added.at, now() + $6 * interval '1 day' FROM (${ADDED_AT[factor.kind]}) AS added(at) WHERE added.at IS NOT NULL
       RETURNING factor_at`,
      [hashSecret(code), user.userId, factor.kind, passkeyId, name, RECENT_FACTOR_DAYS],
    );
    if (!rows[0]) return; // already gone again: nothing to undo
    const w = words(factor.kind, name);
    await this.mail.send({
      to: user.email,
      subject: w.subject,
      text:
        `Hello ${user.firstName},\n\n${w.added} to your Escrow Ledger account on ${when(rows[0].factor_at)}, ` +
        `from ${browserName(caller.userAgent)} at address ${caller.ip}.\n\nIf it was you, there is nothing to do.\n\n` +
        `If it wasn't you, open this link at once. It removes ${w.it}, signs your account out everywhere and asks you to choose a new password:\n\n` +
        `${this.config.publicUrl}/not-me/${code}\n\nThe link works once, for ${RECENT_FACTOR_DAYS} days.`,
    });
    await this.log.record({ userId: user.userId, kind: 'factor_alert_sent', ...caller, detail: { factor: factor.kind, passkey_id: passkeyId, name } });
  }

  /** What a valid (unused, unexpired) link is about, without using it; null otherwise. */
  async describe(code: string): Promise<FactorAlert | null> {
    if (!code || code.length > 100) return null;
    const { rows } = await this.pool.query<{ factor: AddedFactorKind; factor_name: string | null; factor_at: Date; still_there: boolean }>(
      `SELECT a.factor, a.factor_name, a.factor_at, ${STILL_THERE} AS still_there
         FROM factor_alerts a WHERE a.code_hash = $1 AND a.used_at IS NULL AND a.expires_at > now()`,
      [hashSecret(code)],
    );
    const r = rows[0];
    return r ? { kind: r.factor, name: r.factor_name, added_at: r.factor_at.toISOString(), still_there: r.still_there } : null;
  }

  /**
   * "This wasn't me": in one transaction the link is used up, its factor removed (and the
   * recovery codes when no factor is left), every session and pending login of the user ended,
   * the next login held for a reset, and the reset code made. Then the caches forget the
   * sessions, the reset link is mailed and the log records it. Null when the link is not valid.
   */
  async undo(code: string, caller: Caller): Promise<{ message: string } | null> {
    if (!code || code.length > 100) return null;
    const client = await this.pool.connect();
    let alert: AlertRow | undefined;
    let removed = false;
    let ended = 0;
    let resetCode = '';
    try {
      await client.query('BEGIN');
      ({
        rows: [alert],
      } = await client.query<AlertRow>(
        `UPDATE factor_alerts SET used_at = now() WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now()
         RETURNING user_id, factor, passkey_id, factor_name, factor_at`,
        [hashSecret(code)],
      ));
      if (!alert) {
        await client.query('ROLLBACK');
        return null;
      }
      removed = ((await client.query(REMOVE[alert.factor], [hashSecret(code)])).rowCount ?? 0) > 0;
      ended = await this.endEverything(client, alert.user_id);
      resetCode = await this.codes.issue(alert.user_id, 'password_reset', client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    // The rows are gone already; this tells every process's session cache.
    await this.sessions.revokeAll(alert.user_id);
    const undone = await this.takeovers.reported(alert.user_id);
    const withdrawn = undone['team invitations'] ?? 0;
    const w = words(alert.factor, alert.factor_name);
    const user = await this.users.byId(alert.user_id);
    if (user)
      await this.mail.send({
        to: user.email,
        subject: 'Choose a new password for Escrow Ledger',
        text:
          `Hello ${user.first_name},\n\nYou told us that ${w.it}, added to your account on ${when(alert.factor_at)}, was not yours. ` +
          `We ${removed ? 'removed it' : 'found it already removed'} and signed your account out everywhere.\n\n` +
          `Nobody can log in to your account until a new password is chosen. Choose one here within the hour:\n\n` +
          `${this.config.publicUrl}/password/reset/${resetCode}\n\nIf the hour passes, ask for a new link at ${this.config.publicUrl}/password/forgot. ` +
          `Then review your second factors at ${this.config.publicUrl}/portal/account/security`,
      });
    await this.log.record({
      userId: alert.user_id,
      kind: 'factor_alert_used',
      ...caller,
      sessionId: null,
      detail: {
        factor: alert.factor,
        passkey_id: alert.passkey_id,
        name: alert.factor_name,
        removed,
        sessions_ended: ended,
        password_reset_required: true,
        invitations_withdrawn: withdrawn,
      },
    });
    const it = w.it.charAt(0).toUpperCase() + w.it.slice(1);
    return {
      message:
        `${removed ? `${it} was removed` : `${it} had already been removed`} and every session of your account has ended. ` +
        (withdrawn > 0
          ? `${withdrawn === 1 ? 'The invitation' : `The ${withdrawn} invitations`} to join your company sent from your account and not yet accepted ${withdrawn === 1 ? 'was' : 'were'} withdrawn. `
          : '') +
        'We emailed you a link to choose a new password: until you do, nobody can log in to your account.',
    };
  }

  /** Recovery codes outlive no factor; sessions (renewed ones too), pending logins and a pending email change end; the next login waits for a reset. Answers the sessions ended. */
  private async endEverything(client: PoolClient, userId: number): Promise<number> {
    await client.query(
      `DELETE FROM recovery_codes WHERE user_id = $1
          AND NOT EXISTS (SELECT 1 FROM user_totp WHERE user_id = $1 AND confirmed_at IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1)`,
      [userId],
    );
    await this.resets.require(userId, client);
    await client.query('DELETE FROM pending_logins WHERE user_id = $1', [userId]);
    await this.codes.cancelEmailChange(userId, client);
    // A cookie renewed away lately is "renewed, try again" for a while; these sessions are over, so it is unknown now.
    await client.query('DELETE FROM session_rotations WHERE user_id = $1', [userId]);
    return (await client.query('DELETE FROM sessions WHERE user_id = $1', [userId])).rowCount ?? 0;
  }
}
