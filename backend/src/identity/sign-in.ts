import { Inject, Injectable } from '@nestjs/common';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { MAIL_PORT, type MailPort } from '../mail';
import { browserName } from './browser-name';
import type { Caller, CookieChanges, IdentityCookies } from './caller';
import { DeviceCookies } from './device-cookies';
import { RequiredPasswordResets } from './required-password-resets';
import { SecurityLog } from './security-log';
import { SessionsService } from './sessions.service';
import type { UserRow } from './users.repository';

export interface SignInProof {
  /** The password was checked in this login. */
  password: boolean;
  /** The second factor checked in this login, if any. */
  secondFactor: 'totp' | 'recovery' | 'passkey' | null;
  /** No signed device cookie of this user came with the login. */
  newBrowser: boolean;
}

/**
 * The last step of every login (password alone, password then a second factor, a passkey alone):
 * the browser is remembered, the session starts (stepped up when a second factor was checked),
 * the log records it, and a browser never seen before for this user mails them. An account
 * waiting for a password reset (a "this wasn't me" link was used) gets no session at all.
 */
@Injectable()
export class SignIn {
  constructor(
    private readonly sessions: SessionsService,
    private readonly devices: DeviceCookies,
    private readonly log: SecurityLog,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly resets: RequiredPasswordResets,
  ) {}

  /** Whether the browser's device cookie is one this user was given at an earlier login. */
  async knownDevice(deviceCookie: string | null, userId: number): Promise<{ deviceId: string } | null> {
    const device = await this.devices.read(deviceCookie);
    return device && device.userId === userId ? device : null;
  }

  /** Answers the cookies the HTTP edge sets: the renewed device cookie and the new session's. */
  async complete(user: UserRow, proof: SignInProof, caller: Caller, cookies: IdentityCookies): Promise<Required<Pick<CookieChanges, 'device' | 'session'>>> {
    // Whichever way someone signs in (a passkey needs no password), no session until the reset.
    await this.resets.refuseLoginIfRequired(user.user_id);
    const device = await this.knownDevice(cookies.device, user.user_id);
    const deviceCookie = await this.devices.issue(user.user_id, device?.deviceId ?? null);
    const { sessionId, token } = await this.sessions.start(
      user.user_id,
      caller,
      { password: proof.password, secondFactor: proof.secondFactor !== null },
      cookies.session,
    );
    const { userAgent } = caller;
    const context = { userId: user.user_id, sessionId, ip: caller.ip, userAgent };
    await this.log.record({ ...context, kind: 'login', detail: { password: proof.password, second_factor: proof.secondFactor } });
    if (proof.secondFactor === 'recovery') await this.log.record({ ...context, kind: 'recovery_code_used' });
    if (proof.newBrowser && !device) {
      const at = new Date();
      await this.log.record({ ...context, kind: 'new_browser_login', detail: { browser: browserName(userAgent) } });
      await this.mail.send({
        to: user.email,
        subject: 'New sign-in to your Escrow Ledger account',
        text:
          `Hello ${user.first_name},\n\nYour Escrow Ledger account was just signed in to from a browser we have not seen before:\n\n` +
          `  Browser: ${browserName(userAgent)}\n  Address: ${caller.ip}\n  Time: ${at.toUTCString()}\n\n` +
          `If it was you, there is nothing to do.\n\nIf it was not you: reset your password and end the session at ${this.config.publicUrl}/portal/account/security`,
      });
    }
    return { device: deviceCookie, session: token };
  }
}
