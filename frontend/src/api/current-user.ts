import type { NobodySignedIn, SecondFactorRequired, UserObject } from '@escrow/domain';
import { type QueryClient, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';

import { api, errorStatus } from '../lib/api-client';
import { errorCode } from '../lib/api-error';
import { firstPaintGet } from '../lib/first-paint-get';

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

/**
 * Asks for the current user as the app starts, before the first screen's code has loaded and run:
 * every screen waits for it (its access check, the header), so it should not wait for them. The
 * page the API sends has already asked for it (lib/first-paint-get.ts).
 */
export const prefetchCurrentUser = (client: QueryClient) =>
  void client.prefetchQuery({ ...currentUserQuery(), queryFn: () => firstPaintGet<MaybeUser>('/user') });

/**
 * A 401 other than a step-up or a renewed session means the session ended (the member was removed
 * from the company, or signed out elsewhere): the current user is asked again, so the screen's
 * access check sends the person to the login page with a word instead of leaving a dead page.
 * The query cache and the mutation cache of the app's query client call this on every error.
 */
export function recheckSessionAfter(error: unknown, client: QueryClient, failedKey?: QueryKey): void {
  if (errorStatus(error) !== 401 || STILL_SIGNED_IN.has(errorCode(error) ?? '')) return;
  const key = currentUserKey();
  if (failedKey && failedKey.length === key.length && failedKey.every((part, i) => part === key[i])) return;
  void client.invalidateQueries({ queryKey: key });
}

/** 401s that leave the session in place: the step-up dialog and the renewed-cookie retry answer them. */
const STILL_SIGNED_IN = new Set(['step_up_required', 'session_rotated']);
