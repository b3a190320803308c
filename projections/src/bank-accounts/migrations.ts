import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The bank accounts read model (BankAccountsProjector): one row per account, one per owner. */
export class CreateBankAccountsReadModel1763800630000 implements MigrationInterface {
  name = 'CreateBankAccountsReadModel1763800630000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE linked_bank_accounts (
        bank_account_id   integer     PRIMARY KEY,
        owner_kind        text        NOT NULL CHECK (owner_kind IN ('company', 'user')),
        owner_id          integer     NOT NULL,
        purpose           text        NOT NULL CHECK (purpose IN ('deposit', 'payout')),
        job_id            integer     NULL,
        holder_name       text        NOT NULL,
        bank_name         text        NULL,
        last4             text        NOT NULL,
        status            text        NOT NULL CHECK (status IN ('pending_verification', 'verified', 'locked', 'removed')),
        tries_left        integer     NOT NULL,
        created_at        timestamptz NOT NULL,
        created_by        integer     NOT NULL
      )`);
    await q.query('CREATE INDEX linked_bank_accounts_owner_idx ON linked_bank_accounts (owner_kind, owner_id)');
    await q.query(`
      CREATE TABLE bank_account_owners (
        owner_kind         text        NOT NULL CHECK (owner_kind IN ('company', 'user')),
        owner_id           integer     NOT NULL,
        payout_account_id  integer     NULL,
        deposit_account_id integer     NULL,
        change_to          integer     NULL,
        change_from        integer     NULL,
        changed_at         timestamptz NULL,
        changed_by         integer     NULL,
        change_browser     text        NULL,
        change_ip          text        NULL,
        hold_until         timestamptz NULL,
        PRIMARY KEY (owner_kind, owner_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE bank_account_owners');
    await q.query('DROP TABLE linked_bank_accounts');
  }
}

/**
 * No personal data in the bank accounts read model (docs/design.md#no-personal-data-in-events): the holder's name and the browser
 * and address of a held change are joined at query time from the erasable bank_account_holders
 * and request_origins tables; the owner row keeps the change's origin id. The projector's
 * version 2 rebuilds the rows.
 */
export class BankAccountsReadModelWithoutPersonalData1763800633000 implements MigrationInterface {
  name = 'BankAccountsReadModelWithoutPersonalData1763800633000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE linked_bank_accounts DROP COLUMN holder_name');
    await q.query('ALTER TABLE bank_account_owners DROP COLUMN change_browser, DROP COLUMN change_ip, ADD COLUMN change_origin_id uuid NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE bank_account_owners DROP COLUMN change_origin_id, ADD COLUMN change_browser text NULL, ADD COLUMN change_ip text NULL');
    await q.query("ALTER TABLE linked_bank_accounts ADD COLUMN holder_name text NOT NULL DEFAULT ''");
    await q.query('ALTER TABLE linked_bank_accounts ALTER COLUMN holder_name DROP DEFAULT');
  }
}
