import { type CallHandler, type ExecutionContext, HttpException, HttpStatus, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';

/**
 * Refusals of identity that the domain's errors cannot say: that the caller did not prove who
 * they are (401), and refusals with a reason the portal acts on (`login_expired`,
 * `second_factor_failed`, `wrong_password`, `second_factor_required`). Handlers throw them like
 * DomainErrors; the slice's controller answers them (@AnswersRefusals).
 */
export class IdentityRefusal extends Error {
  override readonly name = 'IdentityRefusal';
  constructor(
    readonly kind: 'unauthenticated' | 'forbidden',
    message: string,
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

export const unauthenticated = (message: string, reason: string | null = null) => new IdentityRefusal('unauthenticated', message, reason);
export const forbiddenFor = (reason: string, message: string) => new IdentityRefusal('forbidden', message, reason);

/** The HTTP edge of an IdentityRefusal: the status, and the reason beside the message of the error body. */
@Injectable()
class IdentityRefusalsToHttp implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!(error instanceof IdentityRefusal)) return throwError(() => error);
        const status = error.kind === 'unauthenticated' ? HttpStatus.UNAUTHORIZED : HttpStatus.FORBIDDEN;
        return throwError(() => new HttpException(error.reason === null ? error.message : { message: error.message, reason: error.reason }, status));
      }),
    );
  }
}

/** On a controller whose handler may throw an IdentityRefusal. */
export const AnswersRefusals = () => UseInterceptors(IdentityRefusalsToHttp);
