import { ApiRefusal } from '../http/api-refusal';
import type { SessionUser } from './session-user';
import { FIRST_FACTOR_NEEDS_RECENT_LOGIN, STEP_UP_ENROL, STEP_UP_REQUIRED } from './step-up.decorators';

/**
 * The one answer to a request that needs a second factor checked within STEP_UP_WINDOW: 401
 * `step_up_required`, `enrolled` saying whether there is a factor to check. The portal asks in
 * place on it and sends the request again, whichever guard refused.
 */
export function stepUpRefusal(user: SessionUser, firstFactor = false): ApiRefusal<401> {
  const message = user.hasSecondFactor ? STEP_UP_REQUIRED : firstFactor ? FIRST_FACTOR_NEEDS_RECENT_LOGIN : STEP_UP_ENROL;
  return new ApiRefusal(401, 'step_up_required', message, { enrolled: user.hasSecondFactor });
}
