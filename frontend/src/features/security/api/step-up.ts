import type { PasskeySignInChallenge, SteppedUp } from '@escrow/domain';
import { startAuthentication } from '@simplewebauthn/browser';

import { api } from '../../../lib/api-client';

/** `POST /api/auth/step-up { code }`: a TOTP or recovery code confirms the session (issue 25). */
export async function stepUpWithCode(code: string): Promise<SteppedUp> {
  const { data } = await api.post<SteppedUp>('/auth/step-up', { code: code.trim() });
  return data;
}

/** The browser's passkey dialog for the API's challenge, then `POST /api/auth/step-up/passkey`. */
export async function stepUpWithPasskey(): Promise<SteppedUp> {
  const { data: options } = await api.post<PasskeySignInChallenge>('/auth/step-up/passkey/options');
  const response = await startAuthentication({ optionsJSON: options.options });
  const { data } = await api.post<SteppedUp>('/auth/step-up/passkey', { response });
  return data;
}
