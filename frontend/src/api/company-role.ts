import { COMPANY_ROLES, type CompanyAction, type CompanyRole, mayDo, type SigningPolicy } from '@escrow/domain';

import { isLoggedIn, useCurrentUser } from './current-user';

/*
 * What the signed-in member's company role allows (issue 37), from `GET /api/user`'s
 * `company_role` and `signing_policy` and the domain's one permission table (`mayDo`): screens hide
 * what the role may not do and say why where a person would look for it. The API still decides.
 */

export const ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  finance: 'Finance',
  project_manager: 'Project manager',
  viewer: 'Viewer',
};

/** What each action is, as the reason for a missing button words it ("Only … can <this>."). */
const ACTION_PHRASES: Record<CompanyAction, string> = {
  'members.manage': 'invite, change or remove members',
  'bank_accounts.manage': 'change bank accounts',
  'payout_change.confirm': 'confirm a payout account change',
  'lien_waivers.sign': 'sign lien waivers',
  'payments.view': 'see payments',
  'reports.view': 'see reports',
  'projects.edit': 'create or edit projects',
  'milestones.propose': 'propose milestones',
  'milestones.approve': 'approve milestones',
  'agreement.sign': 'sign escrow agreements',
  'milestones.complete': 'mark milestones complete',
  'evidence.upload': 'upload evidence',
  'disputes.act': 'open or answer disputes',
  'company.profile.edit': 'edit the company profile',
  'webhooks.manage': 'manage integrations',
  read: "see the company's work",
};

const ROLE_NOUNS: Record<CompanyRole, string> = { owner: 'owner', finance: 'finance', project_manager: 'project manager', viewer: 'viewer' };

const andList = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** "Only the company's owner and finance members can change bank accounts.", from the permission table. */
export function roleRefusal(action: CompanyAction, signingPolicy: SigningPolicy): string {
  const may = COMPANY_ROLES.filter((role) => mayDo(role, action, { signing_policy: signingPolicy }));
  const who = may.length === 1 && may[0] === 'owner' ? "the company's owners" : `the company's ${andList(may.map((r) => ROLE_NOUNS[r]))} members`;
  return `Only ${who} can ${ACTION_PHRASES[action]}.`;
}

export interface CompanyPermission {
  allowed: boolean;
  /** Why not, in words (null when allowed). */
  reason: string | null;
  role: CompanyRole | null;
}

/** May the signed-in member do this? Someone without a company role (a buyer, an administrator) has nothing to hide by. */
export function useCompanyPermission(action: CompanyAction): CompanyPermission {
  const { data: user } = useCurrentUser();
  const role = isLoggedIn(user) ? (user.company_role ?? null) : null;
  const policy: SigningPolicy = (isLoggedIn(user) ? user.signing_policy : null) ?? 'owner_only';
  if (role === null) return { allowed: true, reason: null, role };
  const allowed = mayDo(role, action, { signing_policy: policy });
  return { allowed, reason: allowed ? null : roleRefusal(action, policy), role };
}
