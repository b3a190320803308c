import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Administrator roles (issue 25, least privilege): every administrator has exactly one role, and
 * nobody else has one. The administrators there were before roles existed could do everything,
 * so they become owners; changes from then on are events on the `administrators` stream.
 */
export class AddAdministratorRoles1763800400400 implements MigrationInterface {
  name = 'AddAdministratorRoles1763800400400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN admin_role text NULL`);
    await q.query(`UPDATE users SET admin_role = 'owner' WHERE role = 'admin'`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_admin_role_check CHECK (admin_role IN ('support', 'finance', 'operations', 'owner'))`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_admin_role_of_admins_check CHECK ((role IS NULL) = (admin_role IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_admin_role_of_admins_check`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_admin_role_check`);
    await q.query(`ALTER TABLE users DROP COLUMN admin_role`);
  }
}
