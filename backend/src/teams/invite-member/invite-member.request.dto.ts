import { COMPANY_ROLES, type CompanyRole } from '@escrow/domain';
import { IsEmail, IsIn, MaxLength } from 'class-validator';

export class InviteMemberRequest {
  @IsEmail({}, { message: 'Enter the email address of the person to invite.' })
  @MaxLength(254, { message: 'That email address is too long.' })
  email!: string;

  @IsIn([...COMPANY_ROLES], { message: 'Choose a role: owner, finance, project_manager or viewer.' })
  role!: CompanyRole;
}
