import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { isSecureRequest } from '../http/cookies';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS, SessionsService } from './sessions.service';

/**
 * The HTTP edge of a session renewed in the middle of a request (SessionsService.rotate, issue
 * 35): the new `sid` cookie is set on that request's answer the moment the new token exists,
 * whether the request then succeeds or fails, since the old token is already dead. A slice only
 * calls rotate; it need not carry the token through its command's answer to its controller.
 */
@Injectable()
export class RenewedSessionCookie implements NestInterceptor {
  constructor(
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const deliver = (token: string) =>
      void reply.setCookie(SESSION_COOKIE, token, { ...SESSION_COOKIE_OPTIONS, secure: isSecureRequest(request, this.config.publicUrl) });
    return from(this.sessions.renewingFor(deliver, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
