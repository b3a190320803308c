import type { PasskeySignInChallenge } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { normalizeEmail } from '../../../lib/format';
import { authKeys, type CurrentUser, needsSecondFactor, type SecondFactorRequired } from './types';

interface LoginInput {
  email: string;
  password: string;
}

/** The password step: the user, or (when the account has a second factor) the methods of the second step. */
async function login(input: LoginInput): Promise<CurrentUser | SecondFactorRequired> {
  const { data } = await api.post<CurrentUser | SecondFactorRequired>('/auth/login', { email: normalizeEmail(input.email), password: input.password });
  return data;
}

/** The second step of a login: a 6-digit code from the authenticator app or a recovery code. */
async function loginSecondFactor(code: string): Promise<CurrentUser> {
  const { data } = await api.post<CurrentUser>('/auth/login/second-factor', { code: code.trim() });
  return data;
}

/**
 * Signs in with a passkey: the API's challenge (usernameless, or for the pending login after the
 * password), the browser's passkey dialog, then the signed answer.
 */
async function loginWithPasskey(): Promise<CurrentUser> {
  // The WebAuthn helper loads with the first passkey sign-in, not with the login page.
  const [{ data: options }, { startAuthentication }] = await Promise.all([
    api.post<PasskeySignInChallenge>('/auth/passkey/options'),
    import('@simplewebauthn/browser'),
  ]);
  const response = await startAuthentication({ optionsJSON: options.options });
  const { data } = await api.post<CurrentUser>('/auth/passkey/login', { response });
  return data;
}

/** Logs in and stores the current user (docs/product.md#logging-in), so the header flips to the logged-in view; a pending second step stores nothing. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) queryClient.setQueryData(authKeys.currentUser(), answer);
    },
  });
}

/** The second step, by code or by passkey; stores the current user once signed in. */
export function useSecondFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string } | { passkey: true }) => ('code' in input ? loginSecondFactor(input.code) : loginWithPasskey()),
    onSuccess: (user) => queryClient.setQueryData(authKeys.currentUser(), user),
  });
}

/** Where a user lands after login (docs/product.md#logging-in): admins on /admin, everyone else on /portal. */
export function homeOf(user: Pick<CurrentUser, 'role' | 'company' | 'user_id'>): string {
  if (user.role === 'admin') return '/admin';
  return '/portal';
}
