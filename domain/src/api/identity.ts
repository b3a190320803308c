import type { AdminRole } from '../administrators/events';
import type { CompanyRole, SigningPolicy } from '../teams/permissions';
import type { MessageAnswer } from './answers';

/** What GET /api/user says about the user's second factors and this session (issue 25). */
export interface UserSecurity {
  second_factor: boolean;
  totp: boolean;
  passkeys: number;
  recovery_codes_left: number;
  stepped_up_until: string | null;
  email_verified: boolean;
}

/** The user object of docs/product.md#user that GET /api/user and the login flows answer. */
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
  /** GET /api/user: the user's role in their company (issue 37); null without a company. */
  company_role?: CompanyRole | null;
  /** GET /api/user: who may sign the escrow agreement for the user's company; null without a company. */
  signing_policy?: SigningPolicy | null;
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

/** The access checks of docs/product.md#access-checks, by name. */
export type AccessCheck = 'user' | 'customer' | 'company' | 'admin' | 'infoOnly';

/** What an access check looks at; the backend reads it from the session, the portal from GET /api/user. */
export interface AccessFacts {
  userId: number;
  admin: boolean;
  hasCompany: boolean;
}

/** The access checks of docs/product.md#access-checks: one rulebook for the API's guards and the portal's routes. */
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

/** Whom a password-reset link (GET /api/auth/customer/{code}) or an invitation (GET /api/auth/invite/{hash}) is for. */
export interface LinkOwner {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
}

/** PUT /api/user/password/reset: whose password the link changed, and the second factors added lately (issue 35). */
export interface PasswordResetDone {
  user_id: number;
  email: string;
  /** Second factors added in the last 30 days, newest first: the portal offers to remove them after the login. */
  recent_factors: RecentFactor[];
}

/** PUT /api/account/password: changed; with the second factors added in the last 30 days, which the portal offers to remove (issue 35). */
export interface PasswordChanged extends MessageAnswer {
  recent_factors: RecentFactor[];
}

/** What kind of second factor was added: a passkey, the authenticator app, or a new set of recovery codes. */
export type AddedFactorKind = 'passkey' | 'totp' | 'recovery_codes';

/** A second factor added to the account lately (GET /api/account/recent-factors, and the password change and reset answers). */
export interface RecentFactor {
  kind: AddedFactorKind;
  /** The passkey's id (DELETE /api/account/passkeys/{id}); null for the other kinds. */
  passkey_id: number | null;
  /** The passkey's name; null for the other kinds. */
  name: string | null;
  added_at: string;
}

/** GET /api/account/recent-factors: the second factors added in the last 30 days, newest first. */
export interface RecentFactors {
  factors: RecentFactor[];
}

/** GET /api/auth/factor-alerts/{code}: the factor a "this wasn't me" link of a mail is about (issue 35). */
export interface FactorAlert {
  kind: AddedFactorKind;
  /** The passkey's name when it was added; null for the other kinds. */
  name: string | null;
  added_at: string;
  /** Whether that factor is still on the account (it may have been removed since). */
  still_there: boolean;
}

/** DELETE /api/customer/code/{user_id}: how many unused reset codes were removed. */
export interface ResetCodesRemoved {
  removed: number;
}

/** A step-up with a code or a passkey: until when the session may move money. */
export interface SteppedUp {
  /** ISO time the step-up lasts until. */
  stepped_up_until: string;
}

/** POST /api/auth/email/verify: the address of the link is now verified. */
export interface EmailVerified {
  email_verified: true;
}

/** POST /api/auth/email/confirm: the account's new email address. */
export interface EmailConfirmed {
  email: string;
}

/** One of the user's passkeys. */
export interface PasskeyView {
  passkey_id: number;
  /** The name the user gave it ("Work laptop"). */
  name: string;
  created_at: string;
  /** When it last signed in or stepped up; null when never. */
  last_used_at: string | null;
}

/** POST /api/account/passkeys: the passkey added, with ten recovery codes (shown once) when it is the first second factor. */
export interface PasskeyAdded extends PasskeyView {
  recovery_codes?: string[];
}

/** The user's authenticator app (TOTP). */
export interface TotpStatus {
  /** Whether a confirmed app is set up. */
  enrolled: boolean;
  /** When its first code was confirmed; null when not enrolled. */
  enrolled_at: string | null;
}

/** The user's second factors: their authenticator app, passkeys and unused recovery codes. */
export interface SecondFactorStatus {
  totp: TotpStatus;
  passkeys: PasskeyView[];
  recovery_codes_left: number;
}

/** GET /api/account/security: the second factors, this session's step-up and the email address. */
export interface AccountSecurity extends SecondFactorStatus {
  /** Until when this session is stepped up; null when it is not. */
  stepped_up_until: string | null;
  email: string;
  email_verified: boolean;
}

/** POST /api/account/totp/setup: a new secret for an authenticator app, enrolled once a code from it is confirmed. */
export interface TotpSetup {
  /** The base32 secret, for typing into the app. */
  secret: string;
  otpauth_url: string;
  /** The otpauth URL as a QR code: a data: URL of an SVG image. */
  qr_data_url: string;
}

/** POST /api/account/totp: the app is enrolled; the first second factor comes with ten recovery codes (shown once). */
export interface TotpConfirmed {
  recovery_codes?: string[];
}

/** POST /api/account/recovery-codes: a new set of ten; the old ones stop working. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** One live session of the user (GET /api/account/sessions), the newest first. */
export interface AccountSession {
  session_id: number;
  /** Whether it is the session that asked. */
  current: boolean;
  /** The browser and system, from the user agent ("Firefox on Linux", "Unknown browser"). */
  browser: string;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
}

/** DELETE /api/account/sessions: how many other sessions were ended. */
export interface SessionsEnded {
  ended: number;
}

/** One record of the security log: who did what to an account's security, and from where. */
export interface SecurityLogEntry {
  at: string;
  /** What happened (login, totp_enrolled, step_up, …: docs/security.md lists them). */
  kind: string;
  /** What was recorded beside the kind (`{ method: 'totp' }`, `{ passkey_id, name }`). */
  detail: Record<string, unknown>;
  ip: string | null;
  browser: string | null;
  /** Who did it: the user, or an administrator acting on their account. */
  actor_name: string | null;
}

/** GET /api/account/security-log: a page of the user's own log, newest first. */
export interface SecurityLogPage {
  entries: SecurityLogEntry[];
  page: number;
  pages: number;
}

/** A record of everyone's security log, for administrators: with whose account it is about. */
export interface AdminSecurityLogEntry extends SecurityLogEntry {
  user_id: number | null;
  user_name: string | null;
}

/** GET /api/admin/security-log: a page of everyone's log, newest first. */
export interface AdminSecurityLogPage {
  entries: AdminSecurityLogEntry[];
  page: number;
  pages: number;
}

/** A credential a WebAuthn ceremony excludes or allows. */
export interface PasskeyCredentialDescriptor {
  /** The credential id, base64url. */
  id: string;
  /** Always "public-key". */
  type: string;
  transports?: string[];
}

/**
 * The WebAuthn options to create a passkey (PublicKeyCredentialCreationOptionsJSON), for the
 * browser's navigator.credentials.create(). Optional where the WebAuthn library types them so.
 */
export interface PasskeyRegistrationOptions {
  /** base64url */
  challenge: string;
  /** The relying party: the site's name and host name. */
  rp: { name: string; id?: string };
  /** The user: id is base64url, name the email address. */
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: { alg: number; type: 'public-key' }[];
  timeout?: number;
  attestation?: 'direct' | 'enterprise' | 'indirect' | 'none';
  /** The user's passkeys already added, so the same authenticator is not added twice. */
  excludeCredentials?: PasskeyCredentialDescriptor[];
  authenticatorSelection?: {
    authenticatorAttachment?: 'cross-platform' | 'platform';
    requireResidentKey?: boolean;
    residentKey?: 'discouraged' | 'preferred' | 'required';
    userVerification?: 'discouraged' | 'preferred' | 'required';
  };
  extensions?: { credProps?: boolean };
  hints?: ('hybrid' | 'security-key' | 'client-device')[];
}

/**
 * The WebAuthn options to sign with a passkey (PublicKeyCredentialRequestOptionsJSON), for the
 * browser's navigator.credentials.get().
 */
export interface PasskeySignInOptions {
  /** base64url */
  challenge: string;
  rpId?: string;
  /** The passkeys of the user signing in; empty for a usernameless sign-in. */
  allowCredentials?: PasskeyCredentialDescriptor[];
  timeout?: number;
  userVerification?: 'discouraged' | 'preferred' | 'required';
  hints?: ('hybrid' | 'security-key' | 'client-device')[];
}

/** POST /api/account/passkeys/options: the challenge to create a passkey with. */
export interface PasskeyRegistrationChallenge {
  options: PasskeyRegistrationOptions;
}

/** POST /api/auth/passkey/options and /api/auth/step-up/passkey/options: the challenge to sign with a passkey. */
export interface PasskeySignInChallenge {
  options: PasskeySignInOptions;
}
