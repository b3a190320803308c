import { DomainError, unauthenticated as unauthenticatedError } from '@escrow/domain';

/**
 * Identity's refusals, as domain errors the HTTP edge answers like any other
 * (http/api-exception.filter.ts): that the caller did not prove who they are (401), and
 * refusals with a reason the portal acts on (`login_expired`, `second_factor_failed`,
 * `wrong_password`, `second_factor_required`), which the error body carries beside its message.
 */
export const unauthenticated = (message: string, reason?: string) => unauthenticatedError(reason ?? 'unauthenticated', message, reason);

export const forbiddenFor = (reason: string, message: string) => new DomainError('forbidden', reason, message, { reason });
