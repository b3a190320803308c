import { ADMIN_ROLES, type AdminRole } from '@escrow/domain';
import { IsIn, ValidateIf } from 'class-validator';

export class ChangeAdminRoleRequest {
  /** null takes the administrator role away. */
  @ValidateIf((o: { role?: unknown }) => o.role !== null)
  @IsIn([...ADMIN_ROLES], { message: 'Choose a role: support, finance, operations or owner (or null to take the role away).' })
  role!: AdminRole | null;
}
