import { COMPANY_ROLES, type CompanyRole, SIGNING_POLICIES, type SigningPolicy } from '@escrow/domain';
import { IsIn } from 'class-validator';

export class ChangeMemberRoleRequest {
  @IsIn([...COMPANY_ROLES], { message: 'Choose a role: owner, finance, project_manager or viewer.' })
  role!: CompanyRole;
}

export class ChangeSigningPolicyRequest {
  @IsIn([...SIGNING_POLICIES], { message: 'Choose who signs the agreement: owner_only or owner_and_project_managers.' })
  signing_policy!: SigningPolicy;
}
