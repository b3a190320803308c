import { type AccessCheck, type CompanyRole, passes as passesCheck, type SigningPolicy } from '@escrow/domain';

import type { AdminRole } from './step-up.decorators';

/** The user behind a request's session, as guards and handlers see it. */
export interface SessionUser {
  userId: number;
  role: 'admin' | null;
  /** An administrator's role (least privilege); null for everyone else. */
  adminRole: AdminRole | null;
  companyId: number | null;
  /** The user's role in their company (issue 37): what the permission table is asked with; null without a company. */
  companyRole: CompanyRole | null;
  /** The company's signing policy (owner_only without a company). */
  signingPolicy: SigningPolicy;
  /** Joined by an invitation in a role that touches money: no guarded action before a second factor. */
  companyFactorRequired: boolean;
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

export type { AccessCheck, UserObject } from '@escrow/domain';

/** The access checks of docs/product.md#access-checks (the rulebook is shared with the portal, in the API contract). */
export function passes(check: AccessCheck, user: SessionUser | null): boolean {
  return passesCheck(check, user && { userId: user.userId, admin: user.role === 'admin', hasCompany: user.companyId !== null });
}
