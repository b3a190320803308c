import { timingSafeEqual } from 'node:crypto';

import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

import { ACCESS_KEY, type RequestWithUser, SKIP_CSRF_KEY } from './access.decorators';
import { checkAdminRole } from './admin-role.check';
import { type AccessCheck, passes } from './session-user';
import { SessionsService } from './sessions.service';
import { ADMIN_ROLES_KEY, type AdminRole } from './step-up.decorators';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF check: a mutating request must echo the XSRF-TOKEN cookie in the
 * X-XSRF-TOKEN header (what axios does by default). Another site can make the browser send our
 * cookies, but cannot read them to fill the header.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    if (!MUTATING.has(request.method)) return true;
    if (this.reflector.getAllAndOverride<boolean>(SKIP_CSRF_KEY, [context.getHandler(), context.getClass()])) return true;
    const cookie = request.cookies?.[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (typeof cookie !== 'string' || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw new ForbiddenException('Missing or invalid CSRF token. Reload the page and try again.');
    }
    return true;
  }
}

/** Resolves the session into request.user, then applies the route's @Access checks. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    request.user = await this.sessions.resolve(request);
    const checks = this.reflector.getAllAndOverride<AccessCheck[] | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? [];
    for (const check of checks) {
      if (passes(check, request.user)) continue;
      if (!request.user) throw new UnauthorizedException('Please log in to continue.');
      throw new ForbiddenException(
        check === 'admin'
          ? 'Only administrators can do this.'
          : check === 'company'
            ? 'Only contractor company users can do this.'
            : 'You do not have access to this.',
      );
    }
    checkAdminRole(request.user, this.reflector.getAllAndOverride<AdminRole[] | undefined>(ADMIN_ROLES_KEY, [context.getHandler(), context.getClass()]));
    return true;
  }
}
