import axios from 'axios';

import { apiErrorOf } from './api-error';

/** What the API's 401 `step_up_required` answer says: its message, and whether the user has a factor to confirm with. */
export interface StepUpChallenge {
  message: string;
  enrolled: boolean;
}

export function stepUpChallengeOf(error: unknown): StepUpChallenge | null {
  const refusal = apiErrorOf(error);
  if (refusal?.code !== 'step_up_required') return null;
  return { message: refusal.message, enrolled: refusal.enrolled !== false };
}

/**
 * Refusals the dialog cannot mend, which go straight to the caller: the login and step-up calls
 * themselves, and setting up a first factor (the dialog would only offer that same enrolment;
 * the API asks for a recent password login, and says so).
 */
export function askable(url: string | undefined, challenge: StepUpChallenge): boolean {
  const path = (url ?? '').replace(/^\/api(?=\/)/, '');
  if (path.startsWith('/auth/')) return false;
  return challenge.enrolled || !/^\/account\/(totp|passkeys)(\/|$)/.test(path);
}

/**
 * Asks the person for a second factor: resolves once the session is stepped up, rejects when they
 * cancel. Set by the page frame (`StepUpHost`), which opens the "Confirm it's you" dialog.
 */
export type StepUpHandler = (challenge: StepUpChallenge) => Promise<void>;

let handler: StepUpHandler | null = null;
let pending: Promise<void> | null = null;

/** Installs the dialog that confirms a step-up; returns the function that removes it. */
export function setStepUpHandler(next: StepUpHandler): () => void {
  handler = next;
  pending = null;
  return () => {
    if (handler !== next) return;
    handler = null;
    // A dialog that goes away answers nothing: the next refusal asks the next dialog.
    pending = null;
  };
}

/**
 * One confirmation at a time: requests refused together while the dialog is open all wait for the
 * same answer, and are then sent again (or all fail with their own error when it is cancelled).
 * Without a handler (no page frame mounted) the refusal stands.
 */
export function confirmStepUp(challenge: StepUpChallenge): Promise<void> {
  if (!handler) return Promise.reject(new Error('no step-up dialog'));
  if (!pending) {
    pending = handler(challenge).finally(() => {
      pending = null;
    });
  }
  return pending;
}

/** A 403 the person can act on (enrol a second factor, verify their email), told to whoever shows it. */
export interface AccountRefusal {
  code: 'second_factor_required' | 'email_unverified';
  message: string;
  url: string;
}
type RefusalListener = (refusal: AccountRefusal) => void;
const refusalListeners = new Set<RefusalListener>();

export function onAccountRefusal(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

export function noteAccountRefusal(error: unknown): void {
  const body = apiErrorOf(error);
  if (body?.code !== 'second_factor_required' && body?.code !== 'email_unverified') return;
  const refusal: AccountRefusal = { code: body.code, message: body.message, url: axios.isAxiosError(error) ? (error.config?.url ?? '') : '' };
  refusalListeners.forEach((listener) => listener(refusal));
}
