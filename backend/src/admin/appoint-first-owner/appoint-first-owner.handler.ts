import { type AppointFirstOwner as AppointFirstOwnerCommand, conflict, decideAdministrators, invalid } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { EventStreams, systemMetadata } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { isEmail, normalizeEmail, OneTimeCodes, UsersRepository } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { administratorsInDirectory, administratorsStream, writeRolesToUsers } from '../administrators-stream';
import { AppointFirstOwner, type FirstOwnerLink } from './appoint-first-owner.command';

const NAME_MAX = 100;

/**
 * Creates the account (no password: nothing signs in with it until the link is used; its address
 * is taken as verified, since the operator on the server vouches for it), appoints it on the
 * administrators stream (AdminRoleGranted by actor 0, the operator), and issues a password link
 * (the one-time code of a password reset: single use, an hour). The domain refuses once any
 * administrator exists; run again for the same person before they chose a password, it issues a
 * new link and voids the earlier one.
 */
@CommandHandler(AppointFirstOwner)
export class AppointFirstOwnerHandler implements ICommandHandler<AppointFirstOwner> {
  constructor(
    private readonly streams: EventStreams,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(c: AppointFirstOwner): Promise<FirstOwnerLink> {
    const email = normalizeEmail(c.email);
    if (!isEmail(email)) throw invalid('email_invalid', `"${c.email}" is not an email address: give the first owner's with --email.`);
    const firstName = c.firstName.trim();
    const lastName = c.lastName.trim();
    for (const [name, option] of [
      [firstName, '--first-name'],
      [lastName, '--last-name'],
    ] as const) {
      if (!name || name.length > NAME_MAX) throw invalid('name_required', `Give the first owner's name with ${option} (1 to ${NAME_MAX} characters).`);
    }
    const existing = await this.users.byEmail(email);
    if (existing?.password_hash) {
      throw conflict(
        'account_exists',
        existing.admin_role
          ? `${email} is an administrator and has chosen a password: sign in at ${this.config.publicUrl}/login ("Forgot your password?" if it is lost).`
          : `${email} has an account already: the first owner needs an address with no account yet.`,
      );
    }
    const administrators = await administratorsInDirectory(this.pool);
    const command = (userId: number): AppointFirstOwnerCommand => ({
      type: 'AppointFirstOwner',
      data: { userId, directory: { administrators, target: { exists: true, companyUser: existing?.company_id != null } } },
      metadata: systemMetadata(),
    });
    // Decided once before the account is made, so a refusal leaves nothing behind; then again on
    // the stream, where a concurrent appointment is seen through the expected revision.
    decideAdministrators(command(existing?.user_id ?? 0), await this.streams.current(administratorsStream, 0));
    const userId = existing?.user_id ?? (await UsersRepository.insert(this.pool, { firstName, lastName, phone: null, email, emailVerified: true })).user_id;
    try {
      await this.streams.decide(administratorsStream, 0, command(userId));
    } catch (error) {
      if (!existing) await this.pool.query('DELETE FROM users WHERE user_id = $1 AND password_hash IS NULL', [userId]);
      throw error;
    }
    await writeRolesToUsers(this.pool, this.streams);
    await this.codes.removeAll(userId, 'password_reset');
    const code = await this.codes.issue(userId, 'password_reset');
    const user = (await this.users.byId(userId))!;
    return {
      userId,
      email,
      name: `${user.first_name} ${user.last_name}`,
      link: `${this.config.publicUrl}/password/reset/${code}`,
      again: existing !== null,
    };
  }
}
