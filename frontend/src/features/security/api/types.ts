/** The account's second factors and sign-in state, as `GET /api/account/security` answers (issue 25). */
export interface AccountSecurity {
  totp: { enrolled: boolean; enrolled_at: string | null };
  passkeys: Passkey[];
  recovery_codes_left: number;
  stepped_up_until: string | null;
  email: string;
  email_verified: boolean;
}

export interface Passkey {
  passkey_id: string | number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface TotpSetup {
  secret: string;
  otpauth_url: string;
  qr_data_url: string;
}

export interface AccountSession {
  session_id: string | number;
  current: boolean;
  browser: string;
  ip: string;
  created_at: string;
  last_seen_at: string;
}

export interface SecurityLogEntry {
  at: string;
  kind: string;
  /** What the API recorded beside the kind (an object such as `{ method: 'totp' }`). */
  detail: Record<string, unknown> | string | null;
  ip: string | null;
  browser: string | null;
  actor_name: string | null;
  user_id?: number;
  user_name?: string;
}

export interface SecurityLogPage {
  entries: SecurityLogEntry[];
  page: number;
  pages: number;
}

export const securityKeys = {
  all: ['security'] as const,
  account: () => [...securityKeys.all, 'account'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  log: (page: number) => [...securityKeys.all, 'log', page] as const,
  adminLog: (filters: { userId: string; kind: string; page: number }) => [...securityKeys.all, 'admin-log', filters] as const,
};
