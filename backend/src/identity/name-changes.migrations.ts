import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change of a name the API shows (a person's names, company or erasure; a company's name)
 * is announced on the channel that revokes cached sessions (SessionCache), by the database
 * itself: whoever changes it (the API, an operator's SQL erasing a person, a later tool),
 * every API process drops what it cached of that person or company when the change commits.
 * Other updates of these tables (logins, passwords) announce nothing.
 */
export class AnnounceNameChanges1763800800000 implements MigrationInterface {
  name = 'AnnounceNameChanges1763800800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION escrow_announce_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('escrow_sessions', json_build_object('userId', OLD.user_id)::text);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION escrow_announce_company_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('escrow_sessions', json_build_object('companyId', OLD.company_id)::text);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_names_changed AFTER UPDATE OF first_name, last_name, display_name, company_id, deleted_at ON users
        FOR EACH ROW WHEN (
          OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
          OR OLD.display_name IS DISTINCT FROM NEW.display_name OR OLD.company_id IS DISTINCT FROM NEW.company_id
          OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
        EXECUTE FUNCTION escrow_announce_user_change()`);
    await q.query(`CREATE TRIGGER users_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION escrow_announce_user_change()`);
    await q.query(`
      CREATE TRIGGER companies_names_changed AFTER UPDATE OF name ON companies
        FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION escrow_announce_company_change()`);
    await q.query(`CREATE TRIGGER companies_deleted AFTER DELETE ON companies FOR EACH ROW EXECUTE FUNCTION escrow_announce_company_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [trigger, table] of [
      ['users_names_changed', 'users'],
      ['users_deleted', 'users'],
      ['companies_names_changed', 'companies'],
      ['companies_deleted', 'companies'],
    ]) {
      await q.query(`DROP TRIGGER ${trigger} ON ${table}`);
    }
    await q.query('DROP FUNCTION escrow_announce_user_change()');
    await q.query('DROP FUNCTION escrow_announce_company_change()');
  }
}
