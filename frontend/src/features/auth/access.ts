import { type AccessCheck, passes as passesCheck } from '@escrow/domain';

import { type CurrentUser, isLoggedIn, type MaybeUser } from './api/types';

export type { AccessCheck };

/** The access checks of docs/product.md#access-checks: the API contract's rulebook, the API's guards use the same. */
export function passes(check: AccessCheck, user: MaybeUser | null | undefined): boolean {
  return passesCheck(check, isLoggedIn(user) ? { userId: user.user_id, admin: user.role === 'admin', hasCompany: Boolean(user.company) } : null);
}

/** Where the Account link goes (docs/product.md#header-and-footer): admins to /admin, other role values to /login, no role to /portal. */
export function accountLinkOf(user: { role?: string | null }): string {
  if (user.role === 'admin') return '/admin';
  if (user.role) return '/login';
  return '/portal';
}

/** After a failed check (docs/product.md#failed-checks): a non-admin goes to /, an admin to /admin. */
export const redirectAfterFailedCheck = (user: MaybeUser | null | undefined): string =>
  (user as Partial<CurrentUser> | null)?.role === 'admin' ? '/admin' : '/';

/** Why a check refused a logged-in user (docs/product.md#failed-checks logs them out; they are told why). */
export function refusalNotice(check: AccessCheck): string {
  const why: Record<AccessCheck, string> = {
    admin: 'that page is for administrators only',
    company: 'that page is for contractor company accounts only',
    customer: 'that page is for buyers and sellers, not administrators',
    user: 'that page needs a logged-in account',
    infoOnly: 'that page is not available',
  };
  return `You have been logged out: ${why[check]}. Log in with an account that may open it.`;
}

export const LOGIN_TO_CONTINUE = 'Please log in to continue to that page.';

/** The login page that returns to `path` afterwards. */
export const loginPathFor = (path: string): string => `/login?next=${encodeURIComponent(path)}`;

/**
 * Where to go after logging in: back to the portal or console page the visitor was going to, when
 * it is one their kind of account may open; otherwise their home (docs/product.md#logging-in). Only our own paths.
 */
export function afterLogin(next: string | null, user: { role?: string | null } & Pick<CurrentUser, 'company' | 'user_id'>, home: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return home;
  const isAdmin = user.role === 'admin';
  if (/^\/admin(\/|$|\?)/.test(next)) return isAdmin ? next : home;
  // An invitation to a company's team (issue 37): its page takes the signed-in account's Accept.
  if (/^\/team\/join\/[^/?#]+$/.test(next)) return isAdmin ? home : next;
  // Everyone's own sign-in and security page, administrators' too.
  if (/^\/portal\/account\/security(\?|$)/.test(next)) return next;
  if (/^\/portal(\/|$|\?)/.test(next)) return isAdmin ? home : next;
  return home;
}
