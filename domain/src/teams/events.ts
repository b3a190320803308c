import type { CompanyRole, SigningPolicy } from './permissions';

/**
 * Events of a company's membership stream (`company-<id>`, issue 37). Type strings are stored:
 * never rename them. Each names who did it, in which role, from which session and when. No
 * personal data (docs/design.md#no-personal-data-in-events): an invitation's email address
 * lives in the company_invitations table, the event refers to it by id.
 */
export interface MembershipActedBy {
  companyId: number;
  by: number;
  /** The actor's role in the company then; admin for support from the console; system for the clock. */
  byRole: CompanyRole | 'admin' | 'system';
  /** The acting session's reference (never its token); null for the system. */
  sessionId: string | null;
  at: string;
}

export type CompanyEvent =
  | { type: 'MemberInvited'; data: MembershipActedBy & { invitationId: string; role: CompanyRole; expiresAt: string } }
  | { type: 'InvitationResent'; data: MembershipActedBy & { invitationId: string; expiresAt: string } }
  | { type: 'InvitationRevoked'; data: MembershipActedBy & { invitationId: string } }
  | { type: 'InvitationExpired'; data: MembershipActedBy & { invitationId: string } }
  /** `invitationId` null: a member the company had before teams existed, recorded by the migration's backfill. */
  | { type: 'MemberJoined'; data: MembershipActedBy & { userId: number; role: CompanyRole; invitationId: string | null } }
  | { type: 'MemberRoleChanged'; data: MembershipActedBy & { userId: number; from: CompanyRole; role: CompanyRole } }
  | { type: 'MemberRemoved'; data: MembershipActedBy & { userId: number; role: CompanyRole } }
  | { type: 'MemberLeft'; data: MembershipActedBy & { userId: number; role: CompanyRole } }
  | { type: 'SigningPolicyChanged'; data: MembershipActedBy & { from: SigningPolicy; policy: SigningPolicy } };

export type CompanyEventType = CompanyEvent['type'];

export const COMPANY_EVENT_TYPES: readonly CompanyEventType[] = [
  'MemberInvited',
  'InvitationResent',
  'InvitationRevoked',
  'InvitationExpired',
  'MemberJoined',
  'MemberRoleChanged',
  'MemberRemoved',
  'MemberLeft',
  'SigningPolicyChanged',
];

export const companyStreamId = (companyId: number): string => `company-${companyId}`;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
