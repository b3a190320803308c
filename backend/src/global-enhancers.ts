import type { Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';

import { ReadYourWrites, RequestFingerprints } from './command-side';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { createValidationPipe } from './http/validation';
import { AccessGuard, CsrfGuard, RenewedSessionCookie } from './identity';
import { BuyerStepUpGuard } from './read-models';

/**
 * Every guard, interceptor, pipe and filter that applies to the whole API, in the order they run
 * (issue 26: one place, not spread over feature modules and bootstrap). The contexts provide and
 * export the classes; only this list makes them global. (Below Nest, observability/metrics times
 * every response with a fastify onResponse hook and counts every command on the CommandBus.)
 */
export function globalEnhancers(frontendDist: string | null): Provider[] {
  return [
    // CSRF first (cheap, no database), then the session and access checks, then the buyer's
    // step-up, which needs the session and the caller's side of the milestone or project.
    { provide: APP_GUARD, useExisting: CsrfGuard },
    { provide: APP_GUARD, useExisting: AccessGuard },
    { provide: APP_GUARD, useExisting: BuyerStepUpGuard },
    // A session renewed by the request (a step-up, a factor change) sends its new cookie with the answer.
    { provide: APP_INTERCEPTOR, useExisting: RenewedSessionCookie },
    // Reads wait for the caller's own writes; an Idempotency-Key is bound to one request.
    { provide: APP_INTERCEPTOR, useExisting: ReadYourWrites },
    { provide: APP_INTERCEPTOR, useExisting: RequestFingerprints },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    // Errors answer the error body of the spec; unknown non-API paths get the single-page app.
    { provide: APP_FILTER, useFactory: () => new ApiExceptionFilter(frontendDist) },
  ];
}
