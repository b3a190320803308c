import { forbidden, invalid } from '@escrow/domain';
import type { Pool } from 'pg';

import { hashPassword, isAcceptablePassword, PASSWORD_RULE } from './passwords';
import type { SessionUser } from './session-user';
import { UsersRepository } from './users.repository';

/** What a person accepting an invitation without an account gives. */
export interface NewAccountFields {
  first_name?: string;
  last_name?: string;
  password?: string;
}

/** The account an invitation's link lands on: made now (`created`), or the invited address's own. */
export interface InvitedAccount {
  userId: number;
  companyId: number | null;
  created: boolean;
}

/**
 * The account of the person who opens an invitation mailed to `email` (a company's, or a
 * project's certifier invitation): the link proves the address, so a new account is made with it
 * verified; an address that has an account must be signed in as it. The caller starts the new
 * account's session once the invitation is accepted.
 */
export async function invitedAccount(pool: Pool, email: string, signedIn: SessionUser | null, fields: NewAccountFields): Promise<InvitedAccount> {
  const { rows: existing } = await pool.query<{ user_id: number; company_id: number | null }>(
    'SELECT user_id, company_id FROM users WHERE email = $1 AND deleted_at IS NULL',
    [email],
  );
  if (signedIn && signedIn.email !== email) {
    throw forbidden('wrong_account', 'This invitation is for another address: sign out, or sign in as the invited address.');
  }
  const found = existing[0];
  if (found) {
    if (!signedIn) throw forbidden('sign_in_first', 'This address already has an account: sign in as it, then accept the invitation.');
    if (signedIn.userId !== found.user_id) throw forbidden('wrong_account', 'This invitation is for another address: sign in as the invited address.');
    return { userId: found.user_id, companyId: found.company_id, created: false };
  }
  const { first_name: firstName, last_name: lastName, password } = fields;
  if (!firstName?.trim() || !lastName?.trim()) throw invalid('name_required', 'Enter your first and last name.');
  if (!isAcceptablePassword(password)) throw invalid('password_too_weak', PASSWORD_RULE);
  const user = await UsersRepository.insert(pool, {
    firstName: firstName.trim(),
    lastName: lastName.trim(),
    phone: null,
    email,
    passwordHash: await hashPassword(password),
    emailVerified: true,
  });
  return { userId: user.user_id, companyId: null, created: true };
}
