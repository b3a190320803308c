import { type AdminAction, useAdminCan } from '../roles';

/** Why the logged-in administrator's role cannot do this (nothing when it can); `id` for aria-describedby. */
export function RoleReason({ action, id }: { action: AdminAction; id?: string }) {
  const { reason } = useAdminCan(action);
  return reason ? (
    <p id={id} className="el-muted">
      {reason}
    </p>
  ) : null;
}
