import { DomainError } from '../shared/errors';
import type { CompanyCommand, MembershipDirectory } from './commands';
import { type CompanyState, decideCompany, decideCompanyRecordingFounders, evolveCompany, initialCompanyState, isFoundingRecord } from './company.decider';
import type { CompanyEvent } from './events';
import type { CompanyRole } from './permissions';

const COMPANY = 7;
const OWNER = 1;
const SECOND_OWNER = 2;
const FINANCE = 3;
const NEWCOMER = 9;
const AT = '2026-11-02T10:00:00.000Z';
const IN_A_WEEK = '2026-11-09T10:00:00.000Z';
const LATER = '2026-11-10T10:00:00.000Z';

const founders = (members: Record<number, CompanyRole> = { [OWNER]: 'owner', [FINANCE]: 'finance' }): MembershipDirectory => ({
  members,
  signingPolicy: 'owner_only',
});
const by = (actorId: number, now = AT, actorRole: 'company' | 'customer' | 'admin' | 'system' = 'company') => ({ now, actorId, actorRole });
const acting = (directory = founders()) => ({ companyId: COMPANY, sessionId: 'sess-1', directory });
const given = (events: CompanyEvent[]) => events.reduce(evolveCompany, initialCompanyState);
const decide = (command: CompanyCommand, state: CompanyState = initialCompanyState) => decideCompany(command, state);
const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return `${e.kind}:${e.code}`;
    throw e;
  }
  throw new Error('expected a refusal');
};
const invite = (actorId = OWNER, extra: Partial<{ openInvitationIds: string[]; invitee: { userId: number | null; companyId: number | null } }> = {}) =>
  ({
    type: 'InviteMember',
    data: {
      ...acting(),
      invitationId: 'inv-1',
      role: 'project_manager',
      expiresAt: IN_A_WEEK,
      invitee: { userId: null as number | null, companyId: null as number | null },
      openInvitationIds: [] as string[],
      ...extra,
    },
    metadata: by(actorId),
  }) as const;
const accept = (now = AT, userCompanyId: number | null = null) =>
  ({ type: 'AcceptInvitation', data: { ...acting(), invitationId: 'inv-1', userCompanyId }, metadata: by(NEWCOMER, now, 'customer') }) as const;
const remove = (actorId: number, userId: number, directory = founders()) =>
  ({ type: 'RemoveMember', data: { ...acting(directory), userId }, metadata: by(actorId) }) as const;

describe('company membership', () => {
  const invited = () => given(decide(invite()));

  it('records an invitation with its role, expiry, actor, role and session', () => {
    expect(decide(invite())).toEqual([
      {
        type: 'MemberInvited',
        data: {
          companyId: COMPANY,
          by: OWNER,
          byRole: 'owner',
          sessionId: 'sess-1',
          at: AT,
          invitationId: 'inv-1',
          role: 'project_manager',
          expiresAt: IN_A_WEEK,
        },
      },
    ]);
  });

  it('lets only an owner invite', () => {
    expect(refusal(() => decide(invite(FINANCE)))).toBe('forbidden:role_forbidden');
  });

  it('refuses to invite a member again, or an address with an invitation waiting', () => {
    expect(refusal(() => decide(invite(OWNER, { invitee: { userId: FINANCE, companyId: COMPANY } })))).toBe('conflict:already_member');
    expect(refusal(() => decideCompany({ ...invite(), data: { ...invite().data, invitationId: 'inv-2', openInvitationIds: ['inv-1'] } }, invited()))).toBe(
      'conflict:invitation_pending',
    );
  });

  it('invites a member of another company all the same (the landing page says it, not the inviter)', () => {
    expect(decide(invite(OWNER, { invitee: { userId: NEWCOMER, companyId: 99 } }))[0]!.type).toBe('MemberInvited');
  });

  it('expires a stale invitation to the same address before inviting again', () => {
    const again = { ...invite(), data: { ...invite().data, invitationId: 'inv-2', openInvitationIds: ['inv-1'] }, metadata: by(OWNER, LATER) };
    expect(decideCompany(again, invited()).map((e) => e.type)).toEqual(['InvitationExpired', 'MemberInvited']);
  });

  it('joins the invited person with the invitation’s role', () => {
    const [joined] = decideCompany(accept(), invited());
    expect(joined).toMatchObject({ type: 'MemberJoined', data: { userId: NEWCOMER, role: 'project_manager', invitationId: 'inv-1', by: NEWCOMER } });
  });

  it('uses an invitation once', () => {
    const state = given([...decide(invite()), ...decideCompany(accept(), invited())]);
    expect(refusal(() => decideCompany({ ...accept(), metadata: by(42, AT, 'customer') }, state))).toBe('gone:invitation_used');
  });

  it('refuses an expired, revoked or unknown invitation', () => {
    expect(refusal(() => decideCompany(accept(LATER), invited()))).toBe('gone:invitation_expired');
    const revoked = decideCompany({ type: 'RevokeInvitation', data: { ...acting(), invitationId: 'inv-1' }, metadata: by(OWNER) }, invited());
    expect(refusal(() => decideCompany(accept(), given([...decide(invite()), ...revoked])))).toBe('gone:invitation_revoked');
    expect(refusal(() => decide(accept()))).toBe('not_found:invitation_not_found');
  });

  it('records an expired invitation once, when someone tries it', () => {
    const expire = { type: 'ExpireInvitation', data: { ...acting(), invitationId: 'inv-1' }, metadata: by(0, LATER, 'system') } as const;
    const events = decideCompany(expire, invited());
    expect(events.map((e) => e.type)).toEqual(['InvitationExpired']);
    expect(decideCompany(expire, given([...decide(invite()), ...events]))).toEqual([]);
    expect(decideCompany({ ...expire, metadata: by(0, AT, 'system') }, invited())).toEqual([]);
  });

  it('gives a resent invitation a new expiry, and a resent link works again', () => {
    const resend = {
      type: 'ResendInvitation',
      data: { ...acting(), invitationId: 'inv-1', expiresAt: '2026-11-17T10:00:00.000Z' },
      metadata: by(OWNER, LATER),
    } as const;
    const state = given([...decide(invite()), ...decideCompany(resend, invited())]);
    expect(decideCompany(accept(LATER), state)[0]!.type).toBe('MemberJoined');
  });

  it('refuses a person who belongs to another company', () => {
    expect(refusal(() => decideCompany(accept(AT, 99), invited()))).toBe('conflict:member_elsewhere');
  });

  it('keeps at least one owner: no demotion, removal or leaving of the last one', () => {
    const change = { type: 'ChangeMemberRole', data: { ...acting(), userId: OWNER, role: 'finance' }, metadata: by(OWNER) } as const;
    expect(refusal(() => decide(change))).toBe('conflict:last_owner');
    expect(refusal(() => decide({ type: 'LeaveCompany', data: acting(), metadata: by(OWNER) }))).toBe('conflict:last_owner');
    expect(refusal(() => decide(remove(OWNER, OWNER)))).toBe('conflict:last_owner');
  });

  it('lets a member leave, and an owner leave when another owner stays', () => {
    expect(decide({ type: 'LeaveCompany', data: acting(), metadata: by(FINANCE) })).toMatchObject([
      { type: 'MemberLeft', data: { userId: FINANCE, role: 'finance' } },
    ]);
    const two = founders({ [OWNER]: 'owner', [SECOND_OWNER]: 'owner' });
    expect(decide({ type: 'LeaveCompany', data: acting(two), metadata: by(OWNER) })[0]!.type).toBe('MemberLeft');
  });

  it('lets an owner remove themself only while another owner stays', () => {
    const two = founders({ [OWNER]: 'owner', [SECOND_OWNER]: 'owner' });
    expect(decide(remove(OWNER, OWNER, two))).toMatchObject([{ type: 'MemberRemoved', data: { userId: OWNER, by: OWNER } }]);
  });

  it('two owners removing each other: the second, decided again on the first, is refused', () => {
    const two = founders({ [OWNER]: 'owner', [SECOND_OWNER]: 'owner' });
    const first = decide(remove(OWNER, SECOND_OWNER, two));
    expect(refusal(() => decideCompany(remove(SECOND_OWNER, OWNER, two), given(first)))).toBe('forbidden:role_forbidden');
  });

  it('changes a role with the old and the new one', () => {
    const change = { type: 'ChangeMemberRole', data: { ...acting(), userId: FINANCE, role: 'viewer' }, metadata: by(OWNER) } as const;
    expect(decide(change)).toMatchObject([{ type: 'MemberRoleChanged', data: { userId: FINANCE, from: 'finance', role: 'viewer', byRole: 'owner' } }]);
    expect(refusal(() => decide({ ...change, metadata: by(FINANCE) }))).toBe('forbidden:role_forbidden');
  });

  it('lets an administrator resend or revoke (support) but never invite', () => {
    const revoke = { type: 'RevokeInvitation', data: { ...acting(), invitationId: 'inv-1' }, metadata: by(500, AT, 'admin') } as const;
    expect(decideCompany(revoke, invited())).toMatchObject([{ type: 'InvitationRevoked', data: { byRole: 'admin', by: 500 } }]);
    expect(refusal(() => decide({ ...invite(), metadata: by(500, AT, 'admin') }))).toBe('forbidden:admin_not_member');
  });

  it('lets the system withdraw an invitation (its sender reported a thief), but not resend one or change a member', () => {
    const revoke = { type: 'RevokeInvitation', data: { ...acting(), invitationId: 'inv-1' }, metadata: by(0, AT, 'system') } as const;
    expect(decideCompany(revoke, invited())).toMatchObject([{ type: 'InvitationRevoked', data: { byRole: 'system', invitationId: 'inv-1' } }]);
    const resend = { type: 'ResendInvitation', data: { ...acting(), invitationId: 'inv-1', expiresAt: AT }, metadata: by(0, AT, 'system') } as const;
    expect(refusal(() => decideCompany(resend, invited()))).toBe('forbidden:role_forbidden');
    expect(refusal(() => decide({ ...remove(0, FINANCE), metadata: by(0, AT, 'system') }))).toBe('forbidden:role_forbidden');
  });

  it('changes the signing policy, owners only', () => {
    const policy = { type: 'ChangeSigningPolicy', data: { ...acting(), policy: 'owner_and_project_managers' }, metadata: by(OWNER) } as const;
    const events = decide(policy);
    expect(events).toMatchObject([{ type: 'SigningPolicyChanged', data: { from: 'owner_only', policy: 'owner_and_project_managers' } }]);
    expect(decideCompany(policy, given(events))).toEqual([]);
    expect(refusal(() => decide({ ...policy, metadata: by(FINANCE) }))).toBe('forbidden:role_forbidden');
  });

  it('records the founding members with the first change that succeeds, and never with a refused one', () => {
    const remove = { type: 'RemoveMember', data: { ...acting(), userId: NEWCOMER }, metadata: by(OWNER) } as const;
    expect(refusal(() => decideCompanyRecordingFounders(remove, initialCompanyState))).toBe('not_found:no_member');
    const policy = { type: 'ChangeSigningPolicy', data: { ...acting(), policy: 'owner_only' }, metadata: by(OWNER) } as const;
    expect(decideCompanyRecordingFounders(policy, initialCompanyState)).toEqual([]);
    const events = decideCompanyRecordingFounders({ ...remove, data: { ...remove.data, userId: FINANCE } }, initialCompanyState);
    expect(events.map((e) => [e.type, e.data.by, isFoundingRecord(e)])).toEqual([
      ['MemberJoined', 0, true],
      ['MemberJoined', 0, true],
      ['MemberRemoved', OWNER, false],
    ]);
    expect(decideCompanyRecordingFounders(policy, given(events))).toEqual(decideCompany(policy, given(events)));
  });

  it('records the founding members once', () => {
    const record = { type: 'RecordFoundingMembers', data: acting(), metadata: by(0, AT, 'system') } as const;
    const events = decide(record);
    expect(events.map((e) => e.type === 'MemberJoined' && e.data.userId)).toEqual([OWNER, FINANCE]);
    expect(decideCompany(record, given(events))).toEqual([]);
  });
});
