import { SetMetadata } from '@nestjs/common';

export const STEP_UP_KEY = 'escrow:step-up';
export const SECOND_FACTOR_KEY = 'escrow:second-factor';
export const ADMIN_ROLES_KEY = 'escrow:admin-roles';

/**
 * The route moves money or changes where it goes (or who may do so): the session must have
 * checked a second factor within STEP_UP_WINDOW, else 401 with reason `step_up_required`.
 */
export const StepUp = () => SetMetadata(STEP_UP_KEY, true);

/**
 * The caller must have a second factor enrolled at all (company users before they manage
 * payout accounts or webhook endpoints), else 403 with reason `second_factor_required`.
 */
export const RequireSecondFactor = () => SetMetadata(SECOND_FACTOR_KEY, true);

/** The administrator roles (least privilege): support reads, finance decides money, operations runs the system, owner manages people. */
export type AdminRole = 'support' | 'finance' | 'operations' | 'owner';

/** Which administrator roles may call an admin route (on top of @Access('admin')). */
export const AdminRoles = (...roles: AdminRole[]) => SetMetadata(ADMIN_ROLES_KEY, roles);
