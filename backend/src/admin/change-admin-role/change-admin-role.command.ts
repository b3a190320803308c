import type { AdminRole, AdminRoleView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** PUT /api/admin/users/{id}/admin-role: an owner gives, changes or takes away an administrator role. */
export class ChangeAdminRole extends Command<AdminRoleView> {
  constructor(
    readonly owner: SessionUser,
    readonly sessionId: string | null,
    readonly userId: number,
    readonly role: AdminRole | null,
  ) {
    super();
  }
}
