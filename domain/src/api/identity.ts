import type { AdminRole } from '../administrators/events';

/** What GET /api/user says about the user's second factors and this session (issue 25). */
export interface UserSecurity {
  second_factor: boolean;
  totp: boolean;
  passkeys: number;
  recovery_codes_left: number;
  stepped_up_until: string | null;
  email_verified: boolean;
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
  /** For administrators: which one (support, finance, operations or owner). */
  admin_role?: AdminRole | null;
  company: { company_id: number; name: string; primary_company_name: string } | null;
  permissions: { user: boolean };
  /** Second factors and sign-in state: GET /api/user sends them, the login answers do not. */
  security?: UserSecurity;
}

export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery';

/** The login's answer when the account has a second factor: no session yet, the second step decides (issue 25). */
export interface SecondFactorRequired {
  second_factor_required: true;
  methods: SecondFactorMethod[];
}

/** The access checks of spec §6, by name. */
export type AccessCheck = 'user' | 'customer' | 'company' | 'admin' | 'infoOnly';

/** What an access check looks at; the backend reads it from the session, the portal from GET /api/user. */
export interface AccessFacts {
  userId: number;
  admin: boolean;
  hasCompany: boolean;
}

/** The access checks of spec §6: one rulebook for the API's guards and the portal's routes. */
export function passes(check: AccessCheck, who: AccessFacts | null): boolean {
  switch (check) {
    case 'infoOnly':
      return true;
    case 'user':
      return who !== null && who.userId > 0;
    case 'customer':
      return who !== null && who.userId > 0 && !who.admin;
    case 'company':
      return who !== null && who.hasCompany;
    case 'admin':
      return who !== null && who.admin;
  }
}
