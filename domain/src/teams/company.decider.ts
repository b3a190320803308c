import { assertNever, type CommandMetadata } from '../shared/command';
import { conflict, forbidden, gone, invalid, notFound } from '../shared/errors';
import type { AcceptInvitation, CompanyCommand, InviteMember, MembershipDirectory } from './commands';
import type { CompanyEvent, MembershipActedBy } from './events';
import { COMPANY_ROLES, type CompanyRole, mayDo, SIGNING_POLICIES, type SigningPolicy } from './permissions';

type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

export interface InvitationState {
  role: CompanyRole;
  status: InvitationStatus;
  expiresAt: string;
}

/** A company's membership as its stream recorded it; users it never named are the directory's. */
export interface CompanyState {
  /** A member's role as the stream last set it (null: removed or left). */
  members: Record<number, CompanyRole | null>;
  invitations: Record<string, InvitationState>;
  /** Null until an owner changed it on the stream: the directory's (the default) holds. */
  signingPolicy: SigningPolicy | null;
}

export const initialCompanyState: CompanyState = { members: {}, invitations: {}, signingPolicy: null };

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  switch (event.type) {
    case 'MemberInvited':
      return withInvitation(state, event.data.invitationId, { role: event.data.role, status: 'pending', expiresAt: event.data.expiresAt });
    case 'InvitationResent': {
      const invitation = state.invitations[event.data.invitationId];
      return invitation ? withInvitation(state, event.data.invitationId, { ...invitation, expiresAt: event.data.expiresAt }) : state;
    }
    case 'InvitationRevoked':
    case 'InvitationExpired': {
      const invitation = state.invitations[event.data.invitationId];
      const status = event.type === 'InvitationRevoked' ? 'revoked' : 'expired';
      return invitation ? withInvitation(state, event.data.invitationId, { ...invitation, status }) : state;
    }
    case 'MemberJoined': {
      const joined = { ...state, members: { ...state.members, [event.data.userId]: event.data.role } };
      const invitation = event.data.invitationId === null ? undefined : state.invitations[event.data.invitationId];
      return invitation ? withInvitation(joined, event.data.invitationId!, { ...invitation, status: 'accepted' }) : joined;
    }
    case 'MemberRoleChanged':
      return { ...state, members: { ...state.members, [event.data.userId]: event.data.role } };
    case 'MemberRemoved':
    case 'MemberLeft':
      return { ...state, members: { ...state.members, [event.data.userId]: null } };
    case 'SigningPolicyChanged':
      return { ...state, signingPolicy: event.data.policy };
    default:
      return state;
  }
}

function withInvitation(state: CompanyState, id: string, invitation: InvitationState): CompanyState {
  return { ...state, invitations: { ...state.invitations, [id]: invitation } };
}

/** Every member and their role now: the directory's, overridden by what the stream recorded since. */
function membersNow(state: CompanyState, directory: MembershipDirectory): Map<number, CompanyRole> {
  const merged = new Map<number, CompanyRole>(Object.entries(directory.members).map(([id, role]) => [Number(id), role]));
  for (const [id, role] of Object.entries(state.members)) {
    if (role === null) merged.delete(Number(id));
    else merged.set(Number(id), role);
  }
  return merged;
}

function signingPolicyNow(state: CompanyState, directory: MembershipDirectory): SigningPolicy {
  return state.signingPolicy ?? directory.signingPolicy;
}

/** Whether an invitation's link still works at `now`. */
export function invitationUsable(invitation: Pick<InvitationState, 'status' | 'expiresAt'> | undefined, now: string): boolean {
  return invitation !== undefined && invitation.status === 'pending' && Date.parse(now) < Date.parse(invitation.expiresAt);
}

const LAST_OWNER = 'A company always keeps at least one owner: make another member an owner first.';

/**
 * The membership rules of a company (issue 37): owners manage members; a company keeps an
 * owner; an invitation is used once, before it expires; one person belongs to one company.
 * The guard already checked the caller's role from the users table; the decider checks it again
 * on the stream, which is what two concurrent changes are decided against.
 */
export function decideCompany(command: CompanyCommand, state: CompanyState): CompanyEvent[] {
  const members = membersNow(state, command.data.directory);
  const settings = { signing_policy: signingPolicyNow(state, command.data.directory) };
  const actor = actedBy(command.metadata, command.data.companyId, command.data.sessionId, members);
  const requireOwner = () => {
    if (actor.byRole === 'admin') return;
    const role = members.get(command.metadata.actorId);
    if (!role || !mayDo(role, 'members.manage', settings)) throw forbidden('role_forbidden', "Only the company's owner can manage its members.");
  };
  const requireOwnerOrSupport = () => {
    if (command.metadata.actorRole === 'admin') return;
    requireOwner();
  };
  switch (command.type) {
    case 'InviteMember':
      if (command.metadata.actorRole === 'admin') throw forbidden('admin_not_member', 'Administrators never invite members; the company’s owner does.');
      requireOwner();
      return invite(command, state, members, actor);
    case 'ResendInvitation':
      requireOwnerOrSupport();
      pendingInvitation(state, command.data.invitationId);
      return [{ type: 'InvitationResent', data: { ...actor, invitationId: command.data.invitationId, expiresAt: command.data.expiresAt } }];
    case 'RevokeInvitation':
      // The system withdraws what an account sent once its owner said a thief had it ("this
      // wasn't me"): a pending invitation would let the thief back in as a member.
      if (command.metadata.actorRole !== 'system') requireOwnerOrSupport();
      pendingInvitation(state, command.data.invitationId);
      return [{ type: 'InvitationRevoked', data: { ...actor, invitationId: command.data.invitationId } }];
    case 'ExpireInvitation': {
      const invitation = state.invitations[command.data.invitationId];
      if (!invitation || invitation.status !== 'pending' || invitationUsable(invitation, command.metadata.now)) return [];
      return [{ type: 'InvitationExpired', data: { ...actor, byRole: 'system', invitationId: command.data.invitationId } }];
    }
    case 'AcceptInvitation':
      return accept(command, state, members);
    case 'ChangeMemberRole': {
      requireOwner();
      const { userId, role } = command.data;
      if (!COMPANY_ROLES.includes(role)) throw invalid('company_role', 'Choose a role: owner, finance, project manager or viewer.');
      const from = memberRole(members, userId);
      if (from === role) return [];
      keepsAnOwner(members, userId, role);
      return [{ type: 'MemberRoleChanged', data: { ...actor, userId, from, role } }];
    }
    case 'RemoveMember': {
      requireOwner();
      const { userId } = command.data;
      const role = memberRole(members, userId);
      keepsAnOwner(members, userId, null);
      return [{ type: 'MemberRemoved', data: { ...actor, userId, role } }];
    }
    case 'LeaveCompany': {
      const role = memberRole(members, command.metadata.actorId);
      keepsAnOwner(members, command.metadata.actorId, null);
      return [{ type: 'MemberLeft', data: { ...actor, userId: command.metadata.actorId, role } }];
    }
    case 'ChangeSigningPolicy': {
      requireOwner();
      const { policy } = command.data;
      if (!SIGNING_POLICIES.includes(policy)) throw invalid('signing_policy', 'Choose who signs: owner_only or owner_and_project_managers.');
      if (policy === settings.signing_policy) return [];
      return [{ type: 'SigningPolicyChanged', data: { ...actor, from: settings.signing_policy, policy } }];
    }
    case 'RecordFoundingMembers':
      if (command.metadata.actorRole !== 'system') throw forbidden('operator_only', 'Only the migration records the founding members.');
      return [...members]
        .filter(([userId]) => !(userId in state.members))
        .map(([userId, role]) => ({ type: 'MemberJoined' as const, data: { ...actor, byRole: 'system' as const, userId, role, invitationId: null } }));
    default:
      return assertNever(command);
  }
}

/**
 * decideCompany on a stream that records its founding members (the users the migration made
 * members) in the same append as the first change that succeeds: a refused command, or one that
 * changes nothing, leaves the stream as it was. What the membership routes decide with.
 */
export function decideCompanyRecordingFounders(command: CompanyCommand, state: CompanyState): CompanyEvent[] {
  if (command.type === 'RecordFoundingMembers' || Object.keys(state.members).length > 0) return decideCompany(command, state);
  const founding = decideCompany(
    { type: 'RecordFoundingMembers', data: { ...command.data, sessionId: null }, metadata: { now: command.metadata.now, actorId: 0, actorRole: 'system' } },
    state,
  );
  const events = decideCompany(command, founding.reduce(evolveCompany, state));
  return events.length === 0 ? [] : [...founding, ...events];
}

/** A founding member's record (decideCompanyRecordingFounders): history, not news to mail or log. */
export function isFoundingRecord(event: CompanyEvent): boolean {
  return event.type === 'MemberJoined' && event.data.invitationId === null && event.data.byRole === 'system';
}

function actedBy(metadata: CommandMetadata, companyId: number, sessionId: string | null, members: Map<number, CompanyRole>): MembershipActedBy {
  const byRole = metadata.actorRole === 'admin' ? 'admin' : metadata.actorRole === 'system' ? 'system' : (members.get(metadata.actorId) ?? 'system');
  return { companyId, by: metadata.actorId, byRole, sessionId, at: metadata.now };
}

function invite(command: InviteMember, state: CompanyState, members: Map<number, CompanyRole>, actor: MembershipActedBy): CompanyEvent[] {
  const { invitationId, role, expiresAt, invitee, openInvitationIds, companyId } = command.data;
  if (!COMPANY_ROLES.includes(role)) throw invalid('company_role', 'Choose a role: owner, finance, project manager or viewer.');
  if (state.invitations[invitationId]) throw conflict('invitation_exists', 'This invitation was already sent.');
  if (invitee.companyId === companyId || (invitee.userId !== null && members.has(invitee.userId))) {
    throw conflict('already_member', 'This person is already a member of your company.');
  }
  const stale: CompanyEvent[] = [];
  for (const id of openInvitationIds) {
    const open = state.invitations[id];
    if (invitationUsable(open, command.metadata.now)) {
      throw conflict('invitation_pending', 'An invitation to this address is already waiting: resend it instead.');
    }
    if (open?.status === 'pending') stale.push({ type: 'InvitationExpired', data: { ...actor, byRole: 'system', invitationId: id } });
  }
  // A member of another company is invited all the same: telling the inviter would reveal the account (the landing page says it).
  return [...stale, { type: 'MemberInvited', data: { ...actor, invitationId, role, expiresAt } }];
}

function accept(command: AcceptInvitation, state: CompanyState, members: Map<number, CompanyRole>): CompanyEvent[] {
  const { invitationId, userCompanyId, companyId, sessionId } = command.data;
  const userId = command.metadata.actorId;
  const invitation = state.invitations[invitationId];
  refuseUnusable(invitation, command.metadata.now);
  if (members.has(userId) || userCompanyId === companyId) throw conflict('already_member', 'You are already a member of this company.');
  if (userCompanyId !== null) throw conflict('member_elsewhere', 'You already belong to another company: one person belongs to one company.');
  const role = invitation!.role;
  return [{ type: 'MemberJoined', data: { companyId, by: userId, byRole: role, sessionId, at: command.metadata.now, userId, role, invitationId } }];
}

/**
 * The refusal of an invitation's link that no longer works (410 at the edge): a company's, or a
 * project's certifier invitation (progress billing), whose sender the messages name.
 */
export function refuseUnusable(invitation: Pick<InvitationState, 'status' | 'expiresAt'> | undefined, now: string, sender = 'the company'): void {
  if (!invitation) throw notFound('invitation_not_found', 'This invitation does not exist. Ask for a new one.');
  if (invitation.status === 'accepted') throw gone('invitation_used', 'This invitation was already used. Sign in instead.');
  if (invitation.status === 'revoked') throw gone('invitation_revoked', `This invitation was withdrawn. Ask ${sender} for a new one.`);
  if (invitation.status === 'expired' || !invitationUsable(invitation, now)) {
    throw gone('invitation_expired', `This invitation has expired. Ask ${sender} to send it again.`);
  }
}

function pendingInvitation(state: CompanyState, invitationId: string): InvitationState {
  const invitation = state.invitations[invitationId];
  if (!invitation) throw notFound('invitation_not_found', 'There is no such invitation.');
  if (invitation.status !== 'pending') throw conflict('invitation_not_pending', 'This invitation was already used, withdrawn or expired.');
  return invitation;
}

function memberRole(members: Map<number, CompanyRole>, userId: number): CompanyRole {
  const role = members.get(userId);
  if (!role) throw notFound('no_member', 'This person is not a member of the company.');
  return role;
}

function keepsAnOwner(members: Map<number, CompanyRole>, userId: number, newRole: CompanyRole | null): void {
  const owners = [...members].filter(([id, role]) => role === 'owner' && id !== userId).length + (newRole === 'owner' ? 1 : 0);
  if (owners === 0) throw conflict('last_owner', LAST_OWNER);
}
