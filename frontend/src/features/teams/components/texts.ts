import type { CompanyRole, SigningPolicy } from '@escrow/domain';

/** The texts of the Team screens (issue 37); tests import the same strings. */

/** One line about each role, in the invite and change-role dialogs and on the invitation's page. */
export const ROLE_DESCRIPTIONS: Record<CompanyRole, string> = {
  owner: 'Everything, including members, roles and the company profile.',
  finance: 'Bank accounts and payout account confirmations, lien waivers, payments and reports.',
  project_manager: 'Projects and milestones: create, edit, approve, mark complete, evidence and disputes; signs agreements if the company allows.',
  viewer: 'Sees everything, changes nothing.',
};

export const SIGNING_POLICY_LABELS: Record<SigningPolicy, string> = {
  owner_only: 'Only owners sign escrow agreements',
  owner_and_project_managers: 'Owners and project managers sign escrow agreements',
};

export const EMAIL_REQUIRED = 'Enter the email address of the person to invite.';
export const EMAIL_FORMAT = 'Enter an email address such as name@example.com.';
export const ROLE_REQUIRED = 'Choose the role the person will have.';
export const INVITATION_SENT = (email: string) => `Invitation sent to ${email}.`;
export const ONLY_OWNER_LEAVES = 'You are the only owner: make another member an owner before you leave.';

/** The invitation page's refusals, by the API's code. */
export const INVITATION_EXPIRED = 'This invitation has expired. Ask the person who invited you to send it again.';
export const INVITATION_USED = 'This invitation was accepted already. Log in to open your company’s portal.';
export const INVITATION_REVOKED = 'This invitation was withdrawn by the company. Ask its owner if you should still join.';
export const INVITATION_NOT_FOUND = 'This invitation link does not work. Check that you opened the whole link from the email.';
export const MEMBER_ELSEWHERE = 'You already belong to another company.';
export const SECOND_FACTOR_FIRST = (company: string) => `Welcome to ${company}. Set up a second factor now: your role needs one before its first action.`;
