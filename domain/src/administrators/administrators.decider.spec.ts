import { DomainError } from '../shared/errors';
import { decideAdministrators, evolveAdministrators, initialAdministratorsState } from './administrators.decider';
import type { ChangeAdminRole } from './commands';
import type { AdministratorEvent, AdminRole } from './events';

const OWNER = 1;
const OTHER_OWNER = 2;
const SUPPORT = 3;
const BUYER = 4;
const AT = '2026-11-02T10:00:00.000Z';

const directory = (administrators: Record<number, AdminRole>, target = { exists: true, companyUser: false }) => ({ administrators, target });
const change = (
  actorId: number,
  userId: number,
  role: AdminRole | null,
  admins: Record<number, AdminRole>,
  target?: { exists: boolean; companyUser: boolean },
): ChangeAdminRole => ({
  type: 'ChangeAdminRole',
  data: { userId, role, sessionId: 'sess-1', directory: directory(admins, target) },
  metadata: { now: AT, actorId, actorRole: 'admin' },
});
const given = (events: AdministratorEvent[]) => events.reduce(evolveAdministrators, initialAdministratorsState);
const refusal = (f: () => unknown): { kind: string; message: string } => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('administrator roles', () => {
  const two = { [OWNER]: 'owner', [OTHER_OWNER]: 'owner', [SUPPORT]: 'support' } as Record<number, AdminRole>;

  it('grants a role to a user, with the actor and the session', () => {
    expect(decideAdministrators(change(OWNER, BUYER, 'finance', two), given([]))).toEqual([
      { type: 'AdminRoleGranted', data: { userId: BUYER, role: 'finance', by: OWNER, sessionId: 'sess-1', at: AT } },
    ]);
  });

  it('changes and revokes a role, naming the role it had', () => {
    expect(decideAdministrators(change(OWNER, SUPPORT, 'operations', two), given([]))[0]).toMatchObject({
      type: 'AdminRoleChanged',
      data: { from: 'support', role: 'operations' },
    });
    expect(decideAdministrators(change(OWNER, SUPPORT, null, two), given([]))[0]).toMatchObject({ type: 'AdminRoleRevoked', data: { from: 'support' } });
  });

  it('changes nothing when the user already has the role', () => {
    expect(decideAdministrators(change(OWNER, SUPPORT, 'support', two), given([]))).toEqual([]);
  });

  it('lets only an owner change roles, as the stream says now', () => {
    expect(refusal(() => decideAdministrators(change(SUPPORT, BUYER, 'owner', two), given([])))).toMatchObject({ kind: 'forbidden' });
    // Demoted on the stream after the directory was read: no longer an owner.
    const demoted = given([{ type: 'AdminRoleChanged', data: { userId: OTHER_OWNER, from: 'owner', role: 'support', by: OWNER, sessionId: null, at: AT } }]);
    expect(refusal(() => decideAdministrators(change(OTHER_OWNER, BUYER, 'finance', two), demoted))).toMatchObject({ kind: 'forbidden' });
  });

  it('refuses to demote or revoke the last owner, the owner themselves included', () => {
    const one = { [OWNER]: 'owner', [SUPPORT]: 'support' } as Record<number, AdminRole>;
    expect(refusal(() => decideAdministrators(change(OWNER, OWNER, 'support', one), given([])))).toEqual({
      kind: 'conflict',
      message: 'You are the last owner: make another administrator an owner first.',
    });
    expect(refusal(() => decideAdministrators(change(OWNER, OWNER, null, one), given([])))).toMatchObject({ kind: 'conflict' });
  });

  it('lets an owner step down while another owner remains, but not after that one was demoted meanwhile', () => {
    expect(decideAdministrators(change(OWNER, OWNER, 'finance', two), given([]))[0]).toMatchObject({ type: 'AdminRoleChanged' });
    const otherDemoted = given([
      { type: 'AdminRoleChanged', data: { userId: OTHER_OWNER, from: 'owner', role: 'support', by: OWNER, sessionId: null, at: AT } },
    ]);
    expect(refusal(() => decideAdministrators(change(OWNER, OWNER, 'finance', two), otherDemoted))).toMatchObject({ kind: 'conflict' });
  });

  it('refuses a role for a company user or a user who does not exist', () => {
    expect(refusal(() => decideAdministrators(change(OWNER, BUYER, 'support', two, { exists: true, companyUser: true }), given([])))).toMatchObject({
      kind: 'conflict',
    });
    expect(refusal(() => decideAdministrators(change(OWNER, BUYER, 'support', two, { exists: false, companyUser: false }), given([])))).toMatchObject({
      kind: 'not_found',
    });
  });

  it('refuses a role that does not exist', () => {
    expect(refusal(() => decideAdministrators(change(OWNER, BUYER, 'root' as AdminRole, two), given([])))).toMatchObject({ kind: 'invalid' });
  });
});

describe('the first owner (the operator command of a new installation)', () => {
  const appoint = (
    userId: number,
    admins: Record<number, AdminRole>,
    target = { exists: true, companyUser: false },
    actorRole: 'system' | 'admin' = 'system',
  ) =>
    ({
      type: 'AppointFirstOwner',
      data: { userId, directory: directory(admins, target) },
      metadata: { now: AT, actorId: actorRole === 'system' ? 0 : OWNER, actorRole },
    }) as const;

  it('makes a user the owner of an installation without administrators, by the operator (actor 0) and no session', () => {
    expect(decideAdministrators(appoint(BUYER, {}), given([]))).toEqual([
      { type: 'AdminRoleGranted', data: { userId: BUYER, role: 'owner', by: 0, sessionId: null, at: AT } },
    ]);
  });

  it('refuses once there is an administrator, in the users table or on the stream; again for the same first owner changes nothing', () => {
    expect(refusal(() => decideAdministrators(appoint(BUYER, { [SUPPORT]: 'support' }), given([])))).toMatchObject({ kind: 'conflict' });
    const appointed = given([{ type: 'AdminRoleGranted', data: { userId: OWNER, role: 'owner', by: 0, sessionId: null, at: AT } }]);
    expect(refusal(() => decideAdministrators(appoint(BUYER, {}), appointed))).toMatchObject({
      kind: 'conflict',
      message: 'This installation has an administrator already: an owner gives roles in the console (Users).',
    });
    expect(decideAdministrators(appoint(OWNER, {}), appointed)).toEqual([]);
  });

  it('is only for the operator, not for an administrator, and only for a user who exists and belongs to no company', () => {
    expect(refusal(() => decideAdministrators(appoint(BUYER, {}, undefined, 'admin'), given([])))).toMatchObject({ kind: 'forbidden' });
    expect(refusal(() => decideAdministrators(appoint(BUYER, {}, { exists: true, companyUser: true }), given([])))).toMatchObject({ kind: 'conflict' });
    expect(refusal(() => decideAdministrators(appoint(BUYER, {}, { exists: false, companyUser: false }), given([])))).toMatchObject({ kind: 'not_found' });
  });
});
