import type { AdminRole } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client';

/*
 * The current user (`GET /api/user`), shared: the auth feature logs in and out with it, and the
 * security feature and the console read its second-factor state (issue 25). features/auth
 * re-exports it all.
 */

export interface CurrentUser {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string;
  display_name: string;
  role?: string;
  company: { company_id: number; name: string; primary_company_name: string } | null;
  permissions: { user: boolean };
  /** Second factors and sign-in state (issue 25). */
  security?: {
    second_factor: boolean;
    totp: boolean;
    passkeys: number;
    recovery_codes_left: number;
    stepped_up_until: string | null;
    email_verified: boolean;
  };
  /** An administrator's role (issue 25): support, finance, operations or owner. */
  admin_role?: AdminRole | null;
}

/** The login's answer when the account has a second factor: no session yet, the second step decides (issue 25). */
export interface SecondFactorRequired {
  second_factor_required: true;
  methods: ('totp' | 'passkey' | 'recovery')[];
}

export const needsSecondFactor = (answer: CurrentUser | SecondFactorRequired): answer is SecondFactorRequired =>
  (answer as SecondFactorRequired).second_factor_required === true;

/** What GET /api/user answers: the user, or {} when nobody is logged in. */
export type MaybeUser = CurrentUser | Record<string, never>;

export const isLoggedIn = (user: MaybeUser | undefined | null): user is CurrentUser => Boolean(user && 'user_id' in user && user.user_id > 0);

/** The query key of the current user (`authKeys.currentUser()`). */
export const currentUserKey = () => ['auth', 'current-user'] as const;

export async function getCurrentUser(): Promise<MaybeUser> {
  const { data } = await api.get<MaybeUser>('/user');
  return data;
}

export const currentUserQuery = () => queryOptions({ queryKey: currentUserKey(), queryFn: getCurrentUser, staleTime: 60_000 });

export const useCurrentUser = () => useQuery(currentUserQuery());
