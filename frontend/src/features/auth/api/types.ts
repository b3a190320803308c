import type { AdminRole } from '@escrow/domain';

export interface CurrentUser {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string;
  display_name: string;
  role?: string;
  /** Administrators only: support, finance, operations or owner (docs/administrators.md). */
  admin_role?: AdminRole | null;
  company: { company_id: number; name: string; primary_company_name: string } | null;
  permissions: { user: boolean };
}

/** What GET /api/user answers: the user, or {} when nobody is logged in. */
export type MaybeUser = CurrentUser | Record<string, never>;

export const isLoggedIn = (user: MaybeUser | undefined | null): user is CurrentUser => Boolean(user && 'user_id' in user && user.user_id > 0);

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  resetCode: (code: string) => [...authKeys.all, 'reset-code', code] as const,
  invitation: (hash: string) => [...authKeys.all, 'invitation', hash] as const,
};
