import { conflict, invalid } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { AfterTheAnswer } from '../after-the-answer';
import type { WithCookies } from '../caller';
import { EmailVerification } from '../email-verification';
import { hashPassword, isAcceptablePassword, PASSWORD_RULE } from '../passwords';
import { isEmail, normalizeEmail, normalizePhone } from '../phone';
import { RateLimits } from '../rate-limits';
import type { UserObject } from '../session-user';
import { SessionsService } from '../sessions.service';
import { toUserObject, UsersRepository } from '../users.repository';
import { SignUp } from './sign-up.command';

const EMAIL_TAKEN = 'An account with this email already exists. Log in or reset your password.';

@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimits,
    private readonly verification: EmailVerification,
    private readonly afterTheAnswer: AfterTheAnswer,
  ) {}

  async execute(c: SignUp): Promise<WithCookies<UserObject>> {
    const firstName = c.firstName.trim();
    const lastName = c.lastName.trim();
    const email = normalizeEmail(c.email);
    const phone = normalizePhone(c.phone);
    if (!firstName) throw invalid('first_name_required', 'Please enter your first name.');
    if (!lastName) throw invalid('last_name_required', 'Please enter your last name.');
    if (!isEmail(email)) throw invalid('email_invalid', 'Please enter a valid email address.');
    if (!phone) throw invalid('phone_invalid', 'Please enter a 10-digit phone number.');
    if (!isAcceptablePassword(c.password)) throw invalid('password_too_weak', PASSWORD_RULE);
    await this.limits.publicFormSent(c.caller.ip);
    // Hashed before the email is looked up: a taken email is refused after the same argon2 work
    // an accepted one costs, so the time does not tell which emails have an account (issue 35).
    const passwordHash = await hashPassword(c.password);
    if (await this.users.byEmail(email)) throw conflict('email_taken', EMAIL_TAKEN);
    const user = await UsersRepository.insert(this.pool, { firstName, lastName, phone, email, passwordHash }).catch((error: { code?: string }) => {
      if (error.code === '23505') throw conflict('email_taken', EMAIL_TAKEN);
      throw error;
    });
    const { token } = await this.sessions.start(user.user_id, c.caller, { password: true, secondFactor: false }, c.sessionToken);
    // Mailed once the answer is on its way: waiting for the mail server would tell a new email from a taken one.
    this.afterTheAnswer.run('mailing an email verification link', () => this.verification.send(user));
    return { answer: toUserObject(user), cookies: { session: token } };
  }
}
