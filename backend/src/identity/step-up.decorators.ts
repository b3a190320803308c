import { SetMetadata } from '@nestjs/common';

export const STEP_UP_KEY = 'escrow:step-up';
export const SECOND_FACTOR_KEY = 'escrow:second-factor';
export const ADMIN_ROLES_KEY = 'escrow:admin-roles';

/**
 * The route moves money or changes where it goes (or who may do so): the session must have
 * checked a second factor within STEP_UP_WINDOW, else 401 with reason `step_up_required`.
 */
export const StepUp = () => SetMetadata(STEP_UP_KEY, true);

export const BUYER_STEP_UP_KEY = 'escrow:buyer-step-up';
/** What the `:id` of a route marked @StepUpIfBuyerOf names. */
export type StepUpTarget = 'milestone' | 'project';

/**
 * The route lets the buyer's escrowed money go, or claims it back, when the project's buyer calls
 * it (marking complete, asking for or approving the retainage release, the deadline refund): the
 * buyer must have stepped up as for @StepUp(), with the same 401. The seller's and anyone else's
 * calls are not asked (docs/security.md says why). Who is the buyer of the milestone or project
 * the route's `:id` names is known from the read models: the read models' BuyerStepUpGuard checks
 * it, after the identity guard.
 */
export const StepUpIfBuyerOf = (target: StepUpTarget) => SetMetadata(BUYER_STEP_UP_KEY, target);

/**
 * The caller must have a second factor enrolled at all (company users before they manage
 * payout accounts or webhook endpoints), else 403 with reason `second_factor_required`.
 * Applies to company users and administrators; buyers pass on to the route's own checks.
 */
export const RequireSecondFactor = () => SetMetadata(SECOND_FACTOR_KEY, true);

/** The administrator roles (least privilege): support reads, finance decides money, operations runs the system, owner manages people. */
export type AdminRole = 'support' | 'finance' | 'operations' | 'owner';

/** Which administrator roles may call an admin route (on top of @Access('admin')). */
export const AdminRoles = (...roles: AdminRole[]) => SetMetadata(ADMIN_ROLES_KEY, roles);

export const VERIFIED_EMAIL_KEY = 'escrow:verified-email';
export const FIRST_FACTOR_KEY = 'escrow:first-factor';

/**
 * The caller's email must be verified (a link mailed to it was opened): deposits, payee and
 * payout accounts, signing. Else 403 with reason `email_unverified`.
 */
export const RequireVerifiedEmail = () => SetMetadata(VERIFIED_EMAIL_KEY, true);

/**
 * With @StepUp() on a route that enrols a second factor: a user who has none yet passes with a
 * password checked within STEP_UP_WINDOW instead (there is no factor to step up with).
 */
export const EnrolsFirstFactor = () => SetMetadata(FIRST_FACTOR_KEY, true);

export const STEP_UP_REQUIRED = "Confirm it's you: enter a code from your authenticator app or use your passkey.";
export const STEP_UP_ENROL = 'Set up a second factor (an authenticator app or a passkey) to do this.';
export const SECOND_FACTOR_REQUIRED = 'Set up a second factor (an authenticator app or a passkey) before you do this.';
export const EMAIL_UNVERIFIED = 'Verify your email address first: we sent you a link.';
export const FIRST_FACTOR_NEEDS_RECENT_LOGIN =
  'For your safety, a first second factor can be set up only soon after you enter your password: log out, log in again, then set it up.';
