import { PROJECT_ACTIONS, PROJECT_ROLES, type ProjectAction, type ProjectRole, projectRoleMay } from './project-roles';

/** The table of docs/progress-billing.md#the-certifier, written out: a change to the table must change this too. */
const EXPECTED: Record<ProjectRole, ProjectAction[]> = {
  certifier: ['billing.read', 'pay_applications.certify'],
};

describe('the project role table', () => {
  it.each(PROJECT_ROLES.flatMap((role) => PROJECT_ACTIONS.map((action) => [role, action] as const)))('a %s may %s only as documented', (role, action) => {
    expect(projectRoleMay(role, action)).toBe(EXPECTED[role].includes(action));
  });

  it('never lets a certifier move money or act for a party', () => {
    for (const action of ['payments.act', 'party.act'] as const) expect(projectRoleMay('certifier', action)).toBe(false);
  });
});
