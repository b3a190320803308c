import { timingSafeEqual } from 'node:crypto';

import { DomainError, mayDo, type MemberAction, roleRefusalMessage } from '@escrow/domain';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

import { ApiRefusal } from '../http/api-refusal';
import { XSRF_COOKIE } from '../http/cookies';
import { ACCESS_KEY, COMPANY_ACTION_KEY, REPORTS_RENEWED_SESSION_KEY, type RequestWithUser, SESSION_IGNORED_KEY, SKIP_CSRF_KEY } from './access.decorators';
import { checkAdminRole } from './admin-role.check';
import { type AccessCheck, passes, type SessionUser } from './session-user';
import { SessionsService } from './sessions.service';
import {
  ADMIN_ROLES_KEY,
  type AdminRole,
  EMAIL_UNVERIFIED,
  FIRST_FACTOR_KEY,
  SECOND_FACTOR_KEY,
  SECOND_FACTOR_REQUIRED,
  STEP_UP_KEY,
  VERIFIED_EMAIL_KEY,
} from './step-up.decorators';
import { stepUpRefusal } from './step-up-refusal';

const XSRF_HEADER = 'x-xsrf-token';
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
      throw new ApiRefusal(403, 'csrf_token_invalid', 'Missing or invalid CSRF token. Reload the page and try again.');
    }
    return true;
  }
}

/**
 * Resolves the session into request.user, then applies the route's @Access checks, then the
 * second-factor markers: an admin route (the whole console) and @RequireSecondFactor need a
 * factor enrolled (403 second_factor_required), @RequireVerifiedEmail a verified address (403
 * email_unverified), @StepUp a factor checked by this session within STEP_UP_WINDOW (401
 * step_up_required, `enrolled` saying whether there is a factor to check).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const checks = this.reflector.getAllAndOverride<AccessCheck[] | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? [];
    request.user = this.marked(context, SESSION_IGNORED_KEY) ? null : await this.resolveSession(context, request, checks);
    for (const check of checks) {
      if (passes(check, request.user)) continue;
      if (!request.user) throw new ApiRefusal(401, 'login_required', 'Please log in to continue.');
      if (check === 'admin') throw new ApiRefusal(403, 'admin_only', 'Only administrators can do this.');
      if (check === 'company') throw new ApiRefusal(403, 'company_users_only', 'Only contractor company users can do this.');
      throw new ApiRefusal(403, 'no_access', 'You do not have access to this.');
    }
    const user = request.user;
    // The console stays closed without a factor, then the role decides, then the step-up.
    if (user) this.companyRoleCheck(context, user, checks);
    if (user) this.enrolmentChecks(context, user, checks.includes('admin'));
    checkAdminRole(request.user, this.reflector.getAllAndOverride<AdminRole[] | undefined>(ADMIN_ROLES_KEY, [context.getHandler(), context.getClass()]));
    if (user) await this.stepUpCheck(context, user);
    return true;
  }

  /**
   * The session's user. A cookie renewed a moment ago is refused as such (401 session_rotated)
   * where a session is needed (a route with an access check, or one that reports it); a route
   * that needs none answers it as a visitor (access.decorators.ts, ReportsRenewedSession).
   */
  private async resolveSession(context: ExecutionContext, request: RequestWithUser, checks: AccessCheck[]): Promise<SessionUser | null> {
    try {
      return await this.sessions.resolve(request);
    } catch (error) {
      const needsSession = checks.some((check) => check !== 'infoOnly') || this.marked(context, REPORTS_RENEWED_SESSION_KEY);
      if (!needsSession && error instanceof DomainError && error.code === 'session_rotated') return null;
      throw error;
    }
  }

  private marked(context: ExecutionContext, key: string): boolean {
    return this.reflector.getAllAndOverride<boolean | undefined>(key, [context.getHandler(), context.getClass()]) === true;
  }

  /**
   * A company member's role against the route's company action, in the domain's permission table
   * (issue 37): the only place a role is checked. The role is read with the session (the users
   * table the membership commands write before they answer, and whose change revokes every
   * cached session of that person), so a role change holds from the very next request. A route
   * that declares no action is open to owners only: a forgotten declaration fails closed. A
   * member who joined by invitation in a role that touches money enrols a second factor first.
   */
  private companyRoleCheck(context: ExecutionContext, user: SessionUser, checks: AccessCheck[]): void {
    if (user.companyId === null || user.role === 'admin' || user.companyRole === null) return;
    if (checks.length === 0 || checks.every((check) => check === 'infoOnly')) return;
    const action =
      this.reflector.getAllAndOverride<MemberAction | undefined>(COMPANY_ACTION_KEY, [context.getHandler(), context.getClass()]) ?? 'members.manage';
    const settings = { signing_policy: user.signingPolicy };
    if (!mayDo(user.companyRole, action, settings)) {
      throw new ApiRefusal(403, 'role_forbidden', roleRefusalMessage(action, settings));
    }
    if (action !== 'own_account' && user.companyFactorRequired && !user.hasSecondFactor) {
      throw new ApiRefusal(403, 'second_factor_required', SECOND_FACTOR_REQUIRED);
    }
  }

  private enrolmentChecks(context: ExecutionContext, user: SessionUser, adminRoute: boolean): void {
    const marked = (key: string) => this.marked(context, key);
    // Required of administrators and company users (issue 25); a buyer is offered one, and
    // meets the route's own refusal where it is not theirs.
    const mustHaveFactor = adminRoute || (marked(SECOND_FACTOR_KEY) && (user.companyId !== null || user.role === 'admin'));
    if (mustHaveFactor && !user.hasSecondFactor) throw new ApiRefusal(403, 'second_factor_required', SECOND_FACTOR_REQUIRED);
    if (marked(VERIFIED_EMAIL_KEY) && !user.emailVerified) throw new ApiRefusal(403, 'email_unverified', EMAIL_UNVERIFIED);
  }

  private async stepUpCheck(context: ExecutionContext, user: SessionUser): Promise<void> {
    const marked = (key: string) => this.marked(context, key);
    if (!marked(STEP_UP_KEY)) return;
    const firstFactor = !user.hasSecondFactor && marked(FIRST_FACTOR_KEY);
    if (user.sessionId !== null && (await this.sessions.steppedUp(user.sessionId, firstFactor))) return;
    throw stepUpRefusal(user, firstFactor);
  }
}
