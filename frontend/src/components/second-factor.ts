import axios from 'axios';

import { errorMessage } from '../lib/api-client';

/** The texts and kinds of the second factor (issue 25), shared by its form, the login and the security screens. */
export const ENTER_CODE = 'Enter the 6-digit code from your authenticator app.';
export const ENTER_RECOVERY_CODE = 'Enter one of your recovery codes (like abcde-12345). Each works once.';
export const CODE_FORMAT = 'Enter the 6 digits your authenticator app shows.';
export const RECOVERY_FORMAT = 'Enter one of your recovery codes.';
const PASSKEY_NOT_USED = 'The passkey was not used (the browser dialog was closed or timed out). Try again, or enter a code.';
export const PASSKEY_UNSUPPORTED = 'This browser cannot use passkeys. Enter a code instead.';

export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery';

/** The security page opened on the second factors added lately: where a password reset leads (issue 35). */
export const REVIEW_RECENT_FACTORS = 'recent-factors';
export const RECENT_FACTORS_REVIEW_PATH = `/portal/account/security?review=${REVIEW_RECENT_FACTORS}`;

/** What went wrong with a passkey: the API's message, or the browser's refusal in words a person can act on. */
export function passkeyErrorMessage(error: unknown): string {
  if (axios.isAxiosError(error)) return errorMessage(error);
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_NOT_USED;
  // The browser itself, not the wording of the library's refusal, says whether it can use passkeys.
  if (name === 'NotSupportedError' || typeof globalThis.PublicKeyCredential !== 'function') return PASSKEY_UNSUPPORTED;
  return errorMessage(error);
}
