import type { TotpConfirmed, TotpSetup } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { currentUserKey } from '../../../api/current-user';
import { api } from '../../../lib/api-client';
import { securityKeys } from './types';

/** `POST /api/account/totp/setup`: a new secret, its otpauth URL and QR code (not enrolled until confirmed). */
async function setUpTotp(): Promise<TotpSetup> {
  const { data } = await api.post<TotpSetup>('/account/totp/setup');
  return data;
}

/** `POST /api/account/totp { code }`: confirms the app; the first factor comes with ten recovery codes. */
async function confirmTotp(code: string): Promise<TotpConfirmed> {
  const { data } = await api.post<TotpConfirmed | '' | null>('/account/totp', { code: code.trim() });
  return data && typeof data === 'object' ? data : {};
}

async function removeTotp(): Promise<void> {
  await api.delete('/account/totp');
}

/** After a factor changes, the security page and the current user's `security` are read again. */
export function useInvalidateSecurity() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: securityKeys.all }), queryClient.invalidateQueries({ queryKey: currentUserKey() })]);
}

export function useSetUpTotp() {
  return useMutation({ mutationFn: setUpTotp });
}

export function useConfirmTotp() {
  const invalidate = useInvalidateSecurity();
  return useMutation({ mutationFn: confirmTotp, onSuccess: () => invalidate() });
}

export function useRemoveTotp() {
  const invalidate = useInvalidateSecurity();
  return useMutation({ mutationFn: removeTotp, onSuccess: () => invalidate() });
}
