import type { Command } from '../shared/command';
import type { CompanyRole, SigningPolicy } from './permissions';

/**
 * Who is a member now according to the users table: members from before this stream existed
 * are known only there; every change since is on the stream, which wins for the users it names
 * (so a concurrent change, decided again, sees the other one). The same idea as the
 * administrators' stream.
 */
export interface MembershipDirectory {
  members: Record<number, CompanyRole>;
  signingPolicy: SigningPolicy;
}

interface Acting {
  companyId: number;
  sessionId: string | null;
  directory: MembershipDirectory;
}

export type InviteMember = Command<
  'InviteMember',
  Acting & {
    invitationId: string;
    role: CompanyRole;
    expiresAt: string;
    /** The invited address's account: its company, if it has one (null: no account, or one without a company). */
    invitee: { userId: number | null; companyId: number | null };
    /** Invitations of this company to the same address that the table still calls open. */
    openInvitationIds: string[];
  }
>;
export type ResendInvitation = Command<'ResendInvitation', Acting & { invitationId: string; expiresAt: string }>;
export type RevokeInvitation = Command<'RevokeInvitation', Acting & { invitationId: string }>;
/** The clock's: an invitation someone tried to use after its link expired is recorded as expired. */
export type ExpireInvitation = Command<'ExpireInvitation', Acting & { invitationId: string }>;
export type AcceptInvitation = Command<'AcceptInvitation', Acting & { invitationId: string; userCompanyId: number | null }>;
export type ChangeMemberRole = Command<'ChangeMemberRole', Acting & { userId: number; role: CompanyRole }>;
export type RemoveMember = Command<'RemoveMember', Acting & { userId: number }>;
export type LeaveCompany = Command<'LeaveCompany', Acting>;
export type ChangeSigningPolicy = Command<'ChangeSigningPolicy', Acting & { policy: SigningPolicy }>;
/** Records the members the company had before teams existed (the migration made them owners), once. */
export type RecordFoundingMembers = Command<'RecordFoundingMembers', Acting>;

export type CompanyCommand =
  | InviteMember
  | ResendInvitation
  | RevokeInvitation
  | ExpireInvitation
  | AcceptInvitation
  | ChangeMemberRole
  | RemoveMember
  | LeaveCompany
  | ChangeSigningPolicy
  | RecordFoundingMembers;
