import type { CompanyRole, SigningPolicy } from '../teams/permissions';
import type { AdminSecurityLogEntry } from './identity';

export type { CompanyAction, CompanyRole, SigningPolicy } from '../teams/permissions';

/** A member of the company, as the Team page lists them (issue 37). */
export interface TeamMember {
  user_id: number;
  display_name: string;
  email: string;
  role: CompanyRole;
  joined_at: string;
  has_second_factor: boolean;
  last_login_at: string | null;
}

/** A pending invitation (owners and administrators see them). */
export interface TeamInvitation {
  invitation_id: string;
  email: string;
  role: CompanyRole;
  invited_by_name: string;
  sent_at: string;
  expires_at: string;
}

/** GET /api/admin/companies/{companyId}/team: a company's members and pending invitations. */
export interface CompanyTeam {
  company_id: number;
  company_name: string;
  signing_policy: SigningPolicy;
  members: TeamMember[];
  invitations: TeamInvitation[];
}

/** GET /api/company/team: the caller's company, with who they are in it. */
export interface TeamView extends CompanyTeam {
  me: { user_id: number; role: CompanyRole };
}

/** POST /api/company/invitations: the invitation sent (its link works for 7 days). */
export interface InvitationSent {
  invitation_id: string;
  expires_at: string;
}

/** POST /api/company/invitations/{invitationId}/resend (and the admin's): a new link, 7 days again. */
export interface InvitationResent {
  expires_at: string;
}

/** PUT /api/company/signing-policy. */
export interface SigningPolicyView {
  signing_policy: SigningPolicy;
}

/** Whom an invitation link opens for: a new account, an existing one without a company, or one that belongs to another company. */
export type InvitationAccount = 'new' | 'existing' | 'member_elsewhere';

/** GET /api/team-invitations/{code}: what the landing page shows. */
export interface InvitationPreview {
  company_name: string;
  role: CompanyRole;
  email: string;
  inviter_name: string;
  expires_at: string;
  account: InvitationAccount;
}

/** POST /api/team-invitations/{code}/accept. */
export interface InvitationAccepted {
  user_id: number;
  company_id: number;
  role: CompanyRole;
  /** The role touches money: the member enrols a second factor before the first action. */
  needs_second_factor: boolean;
}

/**
 * A row of the company's security view (issue 37): a membership change of the company, or a
 * login or step-up of one of its members, with whose account it is about.
 */
export interface CompanySecurityLogEntry extends AdminSecurityLogEntry {
  /** That person's role in the company now; null when they are no longer a member. */
  member_role: CompanyRole | null;
}

/** GET /api/company/security-log: a page of the company's security view, newest first (owners). */
export interface CompanySecurityLogPage {
  entries: CompanySecurityLogEntry[];
  page: number;
  pages: number;
}
