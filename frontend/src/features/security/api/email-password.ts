import type { PasswordChanged } from '@escrow/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { normalizeEmail } from '../../../lib/format';
import { useInvalidateSecurity } from './totp';

/** `POST /api/account/email/verification`: the verification link again. */
export async function resendVerification(): Promise<void> {
  await api.post('/account/email/verification');
}

/** `POST /api/auth/email/verify { code }` (the link /verify-email/:code). */
export async function verifyEmail(code: string): Promise<void> {
  await api.post('/auth/email/verify', { code });
}

/** `POST /api/auth/email/confirm { code }` (the link /confirm-email/:code sent to a new address). */
export async function confirmEmail(code: string): Promise<void> {
  await api.post('/auth/email/confirm', { code });
}

/** `PUT /api/account/email { email }` (step-up): a link goes to the new address, a note to the old one. */
async function changeEmail(email: string): Promise<void> {
  await api.put('/account/email', { email: normalizeEmail(email) });
}

/** `PUT /api/account/password { current_password, password }` (step-up); answers the second factors added lately. */
async function changePassword(input: { current_password: string; password: string }): Promise<PasswordChanged> {
  const { data } = await api.put<PasswordChanged>('/account/password', input);
  return data;
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });

export function useChangeEmail() {
  const invalidate = useInvalidateSecurity();
  return useMutation({ mutationFn: changeEmail, onSuccess: () => invalidate() });
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
