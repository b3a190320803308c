/**
 * Roles a person holds on one project without being its buyer or seller (issue 38): what each may
 * do there, one table read at the edge of the project's routes. The parties' own rules (who
 * proposes, who approves) are the deciders'; a project role never makes anyone a party.
 */
export type ProjectRole = 'certifier';
export const PROJECT_ROLES: readonly ProjectRole[] = ['certifier'];

export const PROJECT_ACTIONS = [
  /** The project's billing: its schedule of values, change orders, pay applications and their documents. */
  'billing.read',
  /** Certify a pay application line by line (with a step-up, like the buyer). */
  'pay_applications.certify',
  /** Money moves: a deposit, a release, a payout, a retainage release. */
  'payments.act',
  /** Anything a party does for its side: propose, approve, submit, accept, name or invite a certifier. */
  'party.act',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

/** The project role table (docs/progress-billing.md#the-certifier). */
const TABLE: Record<ProjectAction, Record<ProjectRole, boolean>> = {
  'billing.read': { certifier: true },
  'pay_applications.certify': { certifier: true },
  'payments.act': { certifier: false },
  'party.act': { certifier: false },
};

/** Whether someone holding `role` on a project may do `action` on it. */
export function projectRoleMay(role: ProjectRole, action: ProjectAction): boolean {
  return TABLE[action]?.[role] === true;
}

const ROLE_WORDS: Record<ProjectRole, string> = { certifier: 'The certifier' };

/** The refusal a project role meets: what it may do instead, so the person knows it is no fault of theirs. */
export function projectRoleRefusalMessage(role: ProjectRole): string {
  return `${ROLE_WORDS[role]} of a project certifies its pay applications and reads its billing; only the buyer or the seller can do anything else.`;
}
