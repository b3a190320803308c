import type { RecoveryCodes } from '@escrow/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { useInvalidateSecurity } from './totp';

/** `POST /api/account/recovery-codes`: a new set of ten; the old ones stop working. */
async function newRecoveryCodes(): Promise<string[]> {
  const { data } = await api.post<RecoveryCodes>('/account/recovery-codes');
  return data.recovery_codes;
}

export function useNewRecoveryCodes() {
  const invalidate = useInvalidateSecurity();
  return useMutation({ mutationFn: newRecoveryCodes, onSuccess: () => invalidate() });
}
