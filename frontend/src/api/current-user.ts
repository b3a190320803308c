import type { NobodySignedIn, SecondFactorRequired, UserObject } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client';

/*
 * The current user (`GET /api/user`), shared: the auth feature logs in and out with it, and the
 * security feature and the console read its second-factor state (issue 25). features/auth
 * re-exports it all.
 */

/** The user object of docs/product.md#user (the API contract's `UserObject`). */
export type CurrentUser = UserObject;
export type { SecondFactorRequired };

export const needsSecondFactor = (answer: CurrentUser | SecondFactorRequired): answer is SecondFactorRequired =>
  (answer as SecondFactorRequired).second_factor_required === true;

/** What GET /api/user answers: the user, or {} when nobody is logged in. */
export type MaybeUser = CurrentUser | NobodySignedIn;

export const isLoggedIn = (user: MaybeUser | undefined | null): user is CurrentUser => Boolean(user && 'user_id' in user && user.user_id > 0);

/** The query key of the current user (`authKeys.currentUser()`). */
export const currentUserKey = () => ['auth', 'current-user'] as const;

async function getCurrentUser(): Promise<MaybeUser> {
  const { data } = await api.get<MaybeUser>('/user');
  return data;
}

const currentUserQuery = () => queryOptions({ queryKey: currentUserKey(), queryFn: getCurrentUser, staleTime: 60_000 });

export const useCurrentUser = () => useQuery(currentUserQuery());
