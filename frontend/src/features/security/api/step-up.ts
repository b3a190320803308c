import { startAuthentication } from '@simplewebauthn/browser';

import { api } from '../../../lib/api-client';

/** `POST /api/auth/step-up { code }`: a TOTP or recovery code confirms the session (issue 25). */
export async function stepUpWithCode(code: string): Promise<{ stepped_up_until: string }> {
  const { data } = await api.post<{ stepped_up_until: string }>('/auth/step-up', { code: code.trim() });
  return data;
}

/** The browser's passkey dialog for the API's challenge, then `POST /api/auth/step-up/passkey`. */
export async function stepUpWithPasskey(): Promise<{ stepped_up_until: string }> {
  const { data: options } = await api.post<{ options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>('/auth/step-up/passkey/options');
  const response = await startAuthentication({ optionsJSON: options.options });
  const { data } = await api.post<{ stepped_up_until: string }>('/auth/step-up/passkey', { response });
  return data;
}
