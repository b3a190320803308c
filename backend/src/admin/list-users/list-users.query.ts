import type { AdminUserRow } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { type AdminUserRow as UserListRow, UsersRepository } from '../../identity';

// The repository hands back the database's Dates; the contract speaks the ISO strings JSON made of them.
const toAdminUserRow = (row: UserListRow): AdminUserRow => ({
  ...row,
  created_at: row.created_at.toISOString(),
  last_seen_at: row.last_seen_at?.toISOString() ?? null,
});

/** GET /api/admin/users: the people of the console's user list, found by a part of their name, email or company. */
export class ListAdminUsers extends Query<AdminUserRow[]> {
  constructor(readonly search: string | null) {
    super();
  }
}

@QueryHandler(ListAdminUsers)
export class ListAdminUsersHandler implements IQueryHandler<ListAdminUsers> {
  constructor(private readonly users: UsersRepository) {}

  async execute({ search }: ListAdminUsers): Promise<AdminUserRow[]> {
    return (await this.users.listForAdmin(search)).map(toAdminUserRow);
  }
}
