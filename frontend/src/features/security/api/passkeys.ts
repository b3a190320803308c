import { startRegistration } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { useInvalidateSecurity } from './totp';
import type { Passkey } from './types';

/** Registers this device's passkey: `POST /api/account/passkeys/options`, the browser's dialog, then `POST /api/account/passkeys`. */
export async function addPasskey(name: string): Promise<Passkey & { recovery_codes?: string[] }> {
  const { data: options } = await api.post<{ options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>('/account/passkeys/options');
  const response = await startRegistration({ optionsJSON: options.options });
  const { data } = await api.post<Passkey & { recovery_codes?: string[] }>('/account/passkeys', { name: name.trim(), response });
  return data;
}

export async function renamePasskey({ id, name }: { id: Passkey['passkey_id']; name: string }): Promise<void> {
  await api.patch(`/account/passkeys/${encodeURIComponent(String(id))}`, { name: name.trim() });
}

export async function removePasskey(id: Passkey['passkey_id']): Promise<void> {
  await api.delete(`/account/passkeys/${encodeURIComponent(String(id))}`);
}

export function useAddPasskey() {
  const invalidate = useInvalidateSecurity();
  return useMutation({ mutationFn: addPasskey, onSuccess: () => invalidate() });
}

export function useRenamePasskey() {
  const invalidate = useInvalidateSecurity();
  return useMutation({ mutationFn: renamePasskey, onSuccess: () => invalidate() });
}

export function useRemovePasskey() {
  const invalidate = useInvalidateSecurity();
  return useMutation({ mutationFn: removePasskey, onSuccess: () => invalidate() });
}
