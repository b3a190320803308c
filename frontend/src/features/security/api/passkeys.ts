import type { PasskeyAdded, PasskeyRegistrationChallenge, PasskeyView } from '@escrow/domain';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { useInvalidateSecurity } from './totp';

/** Registers this device's passkey: `POST /api/account/passkeys/options`, the browser's dialog, then `POST /api/account/passkeys`. */
async function addPasskey(name: string): Promise<PasskeyAdded> {
  const { data: options } = await api.post<PasskeyRegistrationChallenge>('/account/passkeys/options');
  const response = await startRegistration({ optionsJSON: options.options });
  const { data } = await api.post<PasskeyAdded>('/account/passkeys', { name: name.trim(), response });
  return data;
}

async function renamePasskey({ id, name }: { id: PasskeyView['passkey_id']; name: string }): Promise<void> {
  await api.patch(`/account/passkeys/${encodeURIComponent(String(id))}`, { name: name.trim() });
}

async function removePasskey(id: PasskeyView['passkey_id']): Promise<void> {
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
