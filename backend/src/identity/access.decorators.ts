import type { MemberAction } from '@escrow/domain';
import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiCookieAuth } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AccessCheck, SessionUser } from './session-user';

export const ACCESS_KEY = 'escrow:access';
export const COMPANY_ACTION_KEY = 'escrow:company-action';
export const SKIP_CSRF_KEY = 'escrow:skip-csrf';
export const SESSION_IGNORED_KEY = 'escrow:session-ignored';

/**
 * A route that acts on a mailed link's code alone and never on the caller (the "this wasn't me"
 * link): the browser's session cookie is not read. A cookie renewed away by whoever copied it
 * answers 401 session_rotated on every other route for a while; its owner must still be able to
 * undo what that person did (issue 35).
 */
export const SessionIgnored = () => SetMetadata(SESSION_IGNORED_KEY, true);

export const REPORTS_RENEWED_SESSION_KEY = 'escrow:reports-renewed-session';
/**
 * A route without an access check that still says when the browser's cookie was renewed a moment
 * ago (401 session_rotated) instead of answering as to a visitor: the session probe GET /api/user,
 * whose `{}` would make the portal show its user as logged out while a request of the same page
 * is renewing the cookie. Every other route without a check answers a renewed cookie as a visitor,
 * so that a browser whose cookie someone else renewed (a copied cookie that stepped up) can still
 * sign in and reset its password; routes with a check answer 401 session_rotated.
 */
export const ReportsRenewedSession = () => SetMetadata(REPORTS_RENEWED_SESSION_KEY, true);

/**
 * Who may call a route: every listed check of docs/product.md#access-checks must pass. Anonymous callers of a route
 * that needs a user get 401; logged-in users who fail a check get 403.
 */
export const Access = (...checks: AccessCheck[]) =>
  applyDecorators(SetMetadata(ACCESS_KEY, checks), ...(checks.some((c) => c !== 'infoOnly') ? [ApiCookieAuth('sid')] : []));

/**
 * What a route does for a company, in the words of the permission table (domain/src/teams; with
 * the words its refusal says where the table's would mislead, see MemberAction):
 * a member of a company may call it only when their role may do that action (403
 * role_forbidden). Buyers without a company and administrators are not members: the route's
 * other checks decide for them. Every signed-in route declares one (the authorization matrix
 * fails on a route that does not).
 */
export const MemberMay = (action: MemberAction) => SetMetadata(COMPANY_ACTION_KEY, action);

export type RequestWithUser = FastifyRequest & { user?: SessionUser | null };

/** The session's user, or null for anonymous requests. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): SessionUser | null => {
  return context.switchToHttp().getRequest<RequestWithUser>().user ?? null;
});
