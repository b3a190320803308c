/**
 * Who in a contractor company may do what (issue 37): one table of roles × actions, read by the
 * API's guard on every route and by the portal to hide what a role cannot do. Nothing else in
 * the code base asks which role someone has.
 */
export type CompanyRole = 'owner' | 'finance' | 'project_manager' | 'viewer';
export const COMPANY_ROLES: readonly CompanyRole[] = ['owner', 'finance', 'project_manager', 'viewer'];

/** A company role read back from stored data (an event's `actorCompanyRole`): null when absent or not one. */
export function asCompanyRole(value: unknown): CompanyRole | null {
  return COMPANY_ROLES.includes(value as CompanyRole) ? (value as CompanyRole) : null;
}

/** Who may sign the escrow agreement for the company: a company setting, changed by an owner. */
export type SigningPolicy = 'owner_only' | 'owner_and_project_managers';
export const SIGNING_POLICIES: readonly SigningPolicy[] = ['owner_only', 'owner_and_project_managers'];
export const DEFAULT_SIGNING_POLICY: SigningPolicy = 'owner_only';

export interface CompanySettings {
  signing_policy: SigningPolicy;
}

export const COMPANY_ACTIONS = [
  /** Invite, change roles, remove members; the signing policy. */
  'members.manage',
  'company.profile.edit',
  /** Link, verify, choose and remove the company's bank accounts. */
  'bank_accounts.manage',
  /** Confirm or undo a colleague's payout account change. */
  'payout_change.confirm',
  'lien_waivers.sign',
  /** The company's bank accounts and payment reports. */
  'payments.view',
  /** Money a party moves itself: a deposit, a refund claim, a retainage release request. */
  'payments.act',
  'reports.view',
  /** Start, edit and discard projects; their terms. */
  'projects.edit',
  'milestones.propose',
  'milestones.approve',
  /** Sign the escrow agreement: owners always, project managers when the company allows it. */
  'agreement.sign',
  'milestones.complete',
  'evidence.upload',
  'disputes.act',
  'webhooks.manage',
  /** See the company's projects, milestones, agreements, waivers and their files. */
  'read',
  /** The member's own account: factors, sessions, password, email, step-up; every member. */
  'own_account',
] as const;
export type CompanyAction = (typeof COMPANY_ACTIONS)[number];

type Grant = boolean | ((settings: CompanySettings) => boolean);

const everyone: Grant = true;
const no: Grant = false;

/** The permission table (docs/teams.md#permissions). */
const TABLE: Record<CompanyAction, Record<CompanyRole, Grant>> = {
  'members.manage': { owner: true, finance: no, project_manager: no, viewer: no },
  'company.profile.edit': { owner: true, finance: no, project_manager: no, viewer: no },
  'bank_accounts.manage': { owner: true, finance: true, project_manager: no, viewer: no },
  'payout_change.confirm': { owner: true, finance: true, project_manager: no, viewer: no },
  'lien_waivers.sign': { owner: true, finance: true, project_manager: no, viewer: no },
  'payments.view': { owner: true, finance: true, project_manager: no, viewer: no },
  'payments.act': { owner: true, finance: true, project_manager: no, viewer: no },
  'reports.view': { owner: true, finance: true, project_manager: no, viewer: no },
  'projects.edit': { owner: true, finance: no, project_manager: true, viewer: no },
  'milestones.propose': { owner: true, finance: no, project_manager: true, viewer: no },
  'milestones.approve': { owner: true, finance: no, project_manager: true, viewer: no },
  'agreement.sign': { owner: true, finance: no, project_manager: (s) => s.signing_policy === 'owner_and_project_managers', viewer: no },
  'milestones.complete': { owner: true, finance: no, project_manager: true, viewer: no },
  'evidence.upload': { owner: true, finance: no, project_manager: true, viewer: no },
  'disputes.act': { owner: true, finance: no, project_manager: true, viewer: no },
  'webhooks.manage': { owner: true, finance: no, project_manager: no, viewer: no },
  read: { owner: everyone, finance: everyone, project_manager: everyone, viewer: everyone },
  own_account: { owner: everyone, finance: everyone, project_manager: everyone, viewer: everyone },
};

/**
 * An action of the table as a route or a screen names it: the action alone, or with the words its
 * refusal says where the table's own would mislead (a project's billing shares the milestones'
 * permissions, and a person refused "Bill this period" should read of pay applications).
 */
export type MemberAction = CompanyAction | { action: CompanyAction; words: string };

const tableAction = (action: MemberAction): CompanyAction => (typeof action === 'string' ? action : action.action);

/** Whether a member with `role` may do `action` in a company with these settings. */
export function mayDo(role: CompanyRole, action: MemberAction, settings: CompanySettings): boolean {
  const grant = TABLE[tableAction(action)]?.[role];
  return typeof grant === 'function' ? grant(settings) : grant === true;
}

/** Roles whose members must enrol a second factor before their first action (they touch money or mark work complete). */
export function roleNeedsSecondFactor(role: CompanyRole): boolean {
  return role !== 'viewer';
}

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  finance: 'Finance',
  project_manager: 'Project manager',
  viewer: 'Viewer',
};

/** Which roles may do an action, in words: the refusal a person meets ("Only the company's owner and finance members can …"). */
function whoMayDo(action: MemberAction, settings: CompanySettings): CompanyRole[] {
  return COMPANY_ROLES.filter((role) => mayDo(role, action, settings));
}

const ACTION_WORDS: Record<CompanyAction, string> = {
  'members.manage': "manage the company's members",
  'company.profile.edit': "edit the company's profile",
  'bank_accounts.manage': "change the company's bank accounts",
  'payout_change.confirm': 'confirm or undo a payout account change',
  'lien_waivers.sign': 'sign lien waivers',
  'payments.view': "see the company's bank accounts and payment reports",
  'payments.act': 'move money for the company',
  'reports.view': "see the company's reports",
  'projects.edit': 'create or edit projects',
  'milestones.propose': 'propose milestones',
  'milestones.approve': 'approve milestones',
  'agreement.sign': 'sign the escrow agreement',
  'milestones.complete': 'mark milestones complete',
  'evidence.upload': 'add or remove evidence files',
  'disputes.act': 'open or answer disputes',
  'webhooks.manage': "manage the company's webhooks",
  read: "see the company's projects",
  own_account: 'manage your own account',
};

const PLURAL: Record<CompanyRole, string> = { owner: 'owner', finance: 'finance members', project_manager: 'project managers', viewer: 'viewers' };

/** The refusal's message: who may do it instead, so the person knows whom to ask. */
export function roleRefusalMessage(action: MemberAction, settings: CompanySettings): string {
  const roles = whoMayDo(action, settings).map((r) => PLURAL[r]);
  const who = roles.length <= 1 ? (roles[0] ?? 'nobody') : `${roles.slice(0, -1).join(', ')} and ${roles[roles.length - 1]}`;
  return `Only the company's ${who} can ${typeof action === 'string' ? ACTION_WORDS[action] : action.words}.`;
}
