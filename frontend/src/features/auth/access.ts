import type { CurrentUser, MaybeUser } from './api/types';

export type AccessCheck = 'user' | 'customer' | 'company' | 'admin' | 'infoOnly';

/** The access checks of spec §6. */
export function passes(check: AccessCheck, user: MaybeUser | null | undefined): boolean {
  const u = user as Partial<CurrentUser> | null | undefined;
  switch (check) {
    case 'infoOnly':
      return true;
    case 'user':
      return Boolean(u?.user_id && u.user_id > 0);
    case 'customer':
      return Boolean(u?.user_id) && u?.role !== 'admin';
    case 'company':
      return Boolean(u?.company);
    case 'admin':
      return u?.role === 'admin';
  }
}

/** Where the Account link goes (spec §2): admins to /admin, other role values to /login, no role to /portal. */
export function accountLinkOf(user: Pick<CurrentUser, 'role'>): string {
  if (user.role === 'admin') return '/admin';
  if (user.role) return '/login';
  return '/portal';
}

/** After a failed check (spec §6): a non-admin goes to /, an admin to /admin. */
export const redirectAfterFailedCheck = (user: MaybeUser | null | undefined): string => ((user as Partial<CurrentUser> | null)?.role === 'admin' ? '/admin' : '/');
