import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { isLoggedIn, type MaybeUser } from '../../api/current-user';
import { normalizeEmail } from '../../lib/format';

/**
 * An invitation to an address that already has an account (a team's or a certifier's) is
 * accepted by that account only: what to say when nobody or someone else is signed in, or null
 * when the invited account is. `here` is the landing's path, to come back to after logging in.
 */
export function notTheInvitedAccount(user: MaybeUser | undefined, invitedEmail: string, here: string): ReactNode | null {
  if (!isLoggedIn(user))
    return (
      <p>
        You already have an account with {invitedEmail}. <Link to={`/login?next=${encodeURIComponent(here)}`}>Log in to accept the invitation</Link>.
      </p>
    );
  if (normalizeEmail(user.email) !== normalizeEmail(invitedEmail))
    return (
      <Alert
        type="warning"
        showIcon
        title={`You are signed in as ${user.email}, but this invitation is for ${invitedEmail}.`}
        description="Log out, then log in as the invited address to accept it."
      />
    );
  return null;
}
