import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37: a company is a team. Every user's role in their company (users.company_role, set
 * exactly when company_id is), the company's signing policy, and the pending invitations (the
 * address lives here, never in an event). The users who already had a company were its one
 * user: they become its owners, joined when their account was made; the company's stream
 * records them as such the first time a member is invited, changed or removed
 * (RecordFoundingMembers).
 */
export class AddCompanyTeams1763803700000 implements MigrationInterface {
  name = 'AddCompanyTeams1763803700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN company_role text NULL,
        ADD COLUMN company_joined_at timestamptz NULL,
        ADD COLUMN company_factor_required boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE users SET company_role = 'owner', company_joined_at = created_at WHERE company_id IS NOT NULL`);
    // A user given a company without a role founds it (a contractor application, a seeded
    // company): its owner. Every other path sets the role itself.
    await q.query(`
      CREATE FUNCTION users_company_role_default() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.company_id IS NULL THEN
          NEW.company_role := NULL;
          NEW.company_joined_at := NULL;
        ELSIF NEW.company_role IS NULL THEN
          NEW.company_role := 'owner';
          NEW.company_joined_at := coalesce(NEW.company_joined_at, now());
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_company_role_default BEFORE INSERT OR UPDATE OF company_id, company_role ON users
        FOR EACH ROW EXECUTE FUNCTION users_company_role_default()`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_company_role_check CHECK (company_role IN ('owner', 'finance', 'project_manager', 'viewer'))`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_company_role_of_members_check CHECK ((company_id IS NULL) = (company_role IS NULL))`);
    await q.query(`ALTER TABLE companies ADD COLUMN signing_policy text NOT NULL DEFAULT 'owner_only'`);
    await q.query(`ALTER TABLE companies ADD CONSTRAINT companies_signing_policy_check CHECK (signing_policy IN ('owner_only', 'owner_and_project_managers'))`);
    await q.query(`
      CREATE TABLE company_invitations (
        invitation_id uuid        PRIMARY KEY,
        company_id    integer     NOT NULL REFERENCES companies ON DELETE CASCADE,
        email         text        NOT NULL CHECK (email = lower(email)),
        role          text        NOT NULL CHECK (role IN ('owner', 'finance', 'project_manager', 'viewer')),
        code_hash     bytea       NOT NULL,
        invited_by    integer     NULL REFERENCES users ON DELETE SET NULL,
        sent_at       timestamptz NOT NULL,
        expires_at    timestamptz NOT NULL,
        status        text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked', 'expired')),
        CONSTRAINT company_invitations_code_hash_key UNIQUE (code_hash)
      )`);
    await q.query(`CREATE INDEX company_invitations_company_idx ON company_invitations (company_id, email)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE company_invitations');
    await q.query('ALTER TABLE companies DROP COLUMN signing_policy');
    await q.query('DROP TRIGGER users_company_role_default ON users');
    await q.query('DROP FUNCTION users_company_role_default()');
    await q.query('ALTER TABLE users DROP COLUMN company_factor_required, DROP COLUMN company_joined_at, DROP COLUMN company_role');
  }
}
