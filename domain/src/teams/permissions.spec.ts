import { COMPANY_ACTIONS, COMPANY_ROLES, type CompanyAction, type CompanyRole, mayDo, roleRefusalMessage } from './permissions';

const ownerOnly = { signing_policy: 'owner_only' } as const;
const withManagers = { signing_policy: 'owner_and_project_managers' } as const;

/** The table of docs/teams.md#permissions, written out: a change to the table must change this too. */
const EXPECTED: Record<CompanyRole, CompanyAction[]> = {
  owner: [...COMPANY_ACTIONS],
  finance: ['bank_accounts.manage', 'payout_change.confirm', 'lien_waivers.sign', 'payments.view', 'payments.act', 'reports.view', 'read', 'own_account'],
  project_manager: [
    'projects.edit',
    'milestones.propose',
    'milestones.approve',
    'milestones.complete',
    'evidence.upload',
    'disputes.act',
    'read',
    'own_account',
  ],
  viewer: ['read', 'own_account'],
};

describe('the permission table', () => {
  it.each(COMPANY_ROLES.flatMap((role) => COMPANY_ACTIONS.map((action) => [role, action] as const)))('%s may %s only as documented', (role, action) => {
    expect(mayDo(role, action, ownerOnly)).toBe(EXPECTED[role].includes(action));
  });

  it('lets project managers sign the agreement only when the company allows it', () => {
    expect(mayDo('project_manager', 'agreement.sign', ownerOnly)).toBe(false);
    expect(mayDo('project_manager', 'agreement.sign', withManagers)).toBe(true);
    expect(mayDo('finance', 'agreement.sign', withManagers)).toBe(false);
    expect(mayDo('owner', 'agreement.sign', ownerOnly)).toBe(true);
  });

  it('refuses a project manager a bank account, a viewer an approval, finance a proposal', () => {
    expect(mayDo('project_manager', 'bank_accounts.manage', withManagers)).toBe(false);
    expect(mayDo('viewer', 'milestones.approve', withManagers)).toBe(false);
    expect(mayDo('finance', 'milestones.propose', withManagers)).toBe(false);
  });

  it('refuses an unknown role or action', () => {
    expect(mayDo('intern' as CompanyRole, 'read', ownerOnly)).toBe(false);
    expect(mayDo('owner', 'launch' as CompanyAction, ownerOnly)).toBe(false);
  });

  it('says who may do it instead', () => {
    expect(roleRefusalMessage('bank_accounts.manage', ownerOnly)).toBe("Only the company's owner and finance members can change the company's bank accounts.");
    expect(roleRefusalMessage('agreement.sign', withManagers)).toBe("Only the company's owner and project managers can sign the escrow agreement.");
    expect(roleRefusalMessage('webhooks.manage', ownerOnly)).toBe("Only the company's owner can manage the company's webhooks.");
  });
});
