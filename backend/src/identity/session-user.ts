/** The user behind a request's session, as guards and handlers see it. */
export interface SessionUser {
  userId: number;
  role: 'admin' | null;
  companyId: number | null;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  /** The session's short id (null only for users not resolved from a session). */
  sessionId: number | null;
  /** A confirmed TOTP or at least one passkey. */
  hasSecondFactor: boolean;
  emailVerified: boolean;
  /** When this session last checked a second factor; its password. */
  secondFactorAt: Date | null;
  passwordAt: Date | null;
}

/** The user object of spec §3 that GET /api/user and the login flows answer. */
export interface UserObject {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string;
  display_name: string;
  role?: 'admin';
  company: { company_id: number; name: string; primary_company_name: string } | null;
  permissions: { user: boolean };
}

export type AccessCheck = 'user' | 'customer' | 'company' | 'admin' | 'infoOnly';

/** The access checks of spec §6. */
export function passes(check: AccessCheck, user: SessionUser | null): boolean {
  switch (check) {
    case 'infoOnly':
      return true;
    case 'user':
      return user !== null && user.userId > 0;
    case 'customer':
      return user !== null && user.userId > 0 && user.role !== 'admin';
    case 'company':
      return user !== null && user.companyId !== null;
    case 'admin':
      return user !== null && user.role === 'admin';
  }
}
