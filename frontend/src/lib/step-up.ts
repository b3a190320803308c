import axios from 'axios';

/** What the API's 401 `step_up_required` answer says: its message, and whether the user has a factor to confirm with. */
export interface StepUpChallenge {
  message: string;
  enrolled: boolean;
}

/** The `reason` of an API answer, when it gave one. */
function reasonOf(error: unknown): string | null {
  if (!axios.isAxiosError(error)) return null;
  const reason = (error.response?.data as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : null;
}

export function stepUpChallengeOf(error: unknown): StepUpChallenge | null {
  if (!axios.isAxiosError(error) || error.response?.status !== 401 || reasonOf(error) !== 'step_up_required') return null;
  const body = error.response.data as { message?: unknown; enrolled?: unknown };
  return { message: typeof body.message === 'string' ? body.message : '', enrolled: body.enrolled !== false };
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
  reason: 'second_factor_required' | 'email_unverified';
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
  if (!axios.isAxiosError(error) || error.response?.status !== 403) return;
  const reason = reasonOf(error);
  if (reason !== 'second_factor_required' && reason !== 'email_unverified') return;
  const body = error.response.data as { message?: unknown };
  const refusal: AccountRefusal = { reason, message: typeof body.message === 'string' ? body.message : '', url: error.config?.url ?? '' };
  refusalListeners.forEach((listener) => listener(refusal));
}
