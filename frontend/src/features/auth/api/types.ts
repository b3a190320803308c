export interface CurrentUser {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string;
  display_name: string;
  role?: string;
  company: { company_id: number; name: string; primary_company_name: string } | null;
  permissions: { user: boolean };
  /** Second factors and sign-in state (issue 25). */
  security?: {
    second_factor: boolean;
    totp: boolean;
    passkeys: number;
    recovery_codes_left: number;
    stepped_up_until: string | null;
    email_verified: boolean;
  };
  /** An administrator's role (issue 25): support, finance, operations or owner. */
  admin_role?: 'support' | 'finance' | 'operations' | 'owner';
}

/** The login's answer when the account has a second factor: no session yet, the second step decides (issue 25). */
export interface SecondFactorRequired {
  second_factor_required: true;
  methods: ('totp' | 'passkey' | 'recovery')[];
}

export const needsSecondFactor = (answer: CurrentUser | SecondFactorRequired): answer is SecondFactorRequired =>
  (answer as SecondFactorRequired).second_factor_required === true;

/** What GET /api/user answers: the user, or {} when nobody is logged in. */
export type MaybeUser = CurrentUser | Record<string, never>;

export const isLoggedIn = (user: MaybeUser | undefined | null): user is CurrentUser => Boolean(user && 'user_id' in user && user.user_id > 0);

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  resetCode: (code: string) => [...authKeys.all, 'reset-code', code] as const,
  invitation: (hash: string) => [...authKeys.all, 'invitation', hash] as const,
};
