import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

import { Column, DataSource, Entity, Index } from 'typeorm';

import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { SignedAgreementEntity } from './agreements/infrastructure/signed-agreement.entity';
import { createDataSource } from './infrastructure/database/database';
import { allEntities, allMigrations, plainSqlTables } from './schema';

/** What TypeORM's schema builder would run to make the database match the entities. */
async function pendingSchemaChanges(url: string, entities = allEntities): Promise<{ up: string[]; down: string[] }> {
  const dataSource = createDataSource(url, entities, allMigrations);
  await dataSource.initialize();
  try {
    const sql = await dataSource.driver.createSchemaBuilder().log();
    return { up: sql.upQueries.map((q) => q.query), down: sql.downQueries.map((q) => q.query) };
  } finally {
    await dataSource.destroy();
  }
}

/** Columns, constraints and indexes of the given tables as PostgreSQL itself describes them. */
async function catalog(dataSource: DataSource, tables: string[]): Promise<string[]> {
  const columns: { line: string }[] = await dataSource.query(
    `SELECT format('%s.%s %s%s%s%s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                   CASE WHEN a.attnotnull THEN ' not null' ELSE '' END,
                   CASE WHEN a.attidentity <> '' THEN ' identity ' || a.attidentity::text ELSE '' END,
                   coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')) AS line
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relname = ANY($1) AND c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped`,
    [tables],
  );
  // NOT NULL is compared on the columns; PostgreSQL 18 also lists it among the constraints.
  const constraints: { line: string }[] = await dataSource.query(
    `SELECT format('%s constraint %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) AS line
       FROM pg_constraint WHERE conrelid::regclass::text = ANY($1) AND contype <> 'n'`,
    [tables],
  );
  const indexes: { line: string }[] = await dataSource.query(
    `SELECT format('%s index %s', tablename, indexdef) AS line FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY($1)`,
    [tables],
  );
  return [...columns, ...constraints, ...indexes].map((r) => r.line).sort();
}

const ROOT = resolve(__dirname, '../..');
/** The DataSource file `npm run migration:generate` hands TypeORM's CLI (built: the CLI runs dist). */
const BUILT_DATA_SOURCE = resolve(ROOT, 'backend/dist/data-source.js');

/** A changed entity, as a developer would write it: a new nullable column with an index. */
@Entity({ name: 'signed_agreements' })
@Index('signed_agreements_witness_idx', ['witness'])
class SignedAgreementWithWitness extends SignedAgreementEntity {
  @Column({ type: 'text', nullable: true })
  witness!: string | null;
}

/**
 * Issue 14.5: the identity, directory and read-model tables are TypeORM entities that agree with
 * the migrations, so `npm run migration:generate` turns an entity change into exactly that
 * change and nothing else.
 */
describe('entities and migrations', () => {
  let migrated: TestDatabase;
  let empty: TestDatabase;
  let unmigrated: TestDatabase;
  beforeAll(async () => {
    [migrated, empty, unmigrated] = await Promise.all([createTestDatabase(allMigrations), createTestDatabase([]), createTestDatabase([])]);
  });
  afterAll(async () => {
    await Promise.all([migrated?.drop(), empty?.drop(), unmigrated?.drop()]);
  });

  it("has an entity for every table but the event store's and the runner's", async () => {
    const dataSource = createDataSource(migrated.url, allEntities, allMigrations);
    await dataSource.initialize();
    try {
      const tables: { name: string }[] = await dataSource.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
      const withEntity = new Set(dataSource.entityMetadatas.map((m) => m.tableName));
      const plain = new Set<string>(plainSqlTables);
      // A new table needs an entity (infrastructure/ of its context, or beside its projector) in allEntities.
      expect(tables.map((t) => t.name).filter((name) => !withEntity.has(name) && !plain.has(name))).toEqual([]);
      expect([...plain].filter((name) => !tables.some((t) => t.name === name))).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });

  it('leaves the schema builder nothing to change on a freshly migrated database', async () => {
    expect(await pendingSchemaChanges(migrated.url)).toEqual({ up: [], down: [] });
  });

  it('build, from the entities alone, the very tables the migrations build', async () => {
    const fromMigrations = createDataSource(migrated.url, allEntities, allMigrations);
    const fromEntities = createDataSource(empty.url, allEntities, []);
    await Promise.all([fromMigrations.initialize(), fromEntities.initialize()]);
    try {
      await fromEntities.synchronize();
      const tables = fromEntities.entityMetadatas.map((m) => m.tableName);
      expect(tables).toHaveLength(allEntities.length);
      const [expected, actual] = await Promise.all([catalog(fromMigrations, tables), catalog(fromEntities, tables)]);
      // The one thing an entity cannot state: an index on an expression (lower(name)), which the
      // entity declares with synchronize: false so the schema builder leaves it to the migration.
      expect(expected.filter((line) => !actual.includes(line))).toEqual([
        'companies index CREATE INDEX companies_name_idx ON public.companies USING btree (lower(name))',
      ]);
      expect(actual.filter((line) => !expected.includes(line))).toEqual([]);
    } finally {
      await Promise.all([fromMigrations.destroy(), fromEntities.destroy()]);
    }
  });

  it('turns a changed entity into a migration of exactly that change', async () => {
    const changed = allEntities.map((entity) => (entity === SignedAgreementEntity ? SignedAgreementWithWitness : entity));
    expect(await pendingSchemaChanges(migrated.url, changed)).toEqual({
      up: ['ALTER TABLE "signed_agreements" ADD "witness" text', 'CREATE INDEX "signed_agreements_witness_idx" ON "signed_agreements"  ("witness") '],
      down: ['ALTER TABLE "signed_agreements" DROP COLUMN "witness"', 'DROP INDEX "public"."signed_agreements_witness_idx"'],
    });
  });

  it('npm run migration:check migrates the database at DATABASE_URL with our runner, then finds nothing to generate', async () => {
    const sources = [
      resolve(__dirname, 'data-source.ts'),
      resolve(__dirname, 'schema.ts'),
      ...['backend/src', 'projections/src'].flatMap((dir) =>
        readdirSync(resolve(ROOT, dir), { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.entity.ts'))
          .map((file) => resolve(ROOT, dir, file)),
      ),
    ];
    for (const source of sources)
      if (!existsSync(BUILT_DATA_SOURCE) || statSync(BUILT_DATA_SOURCE).mtimeMs < statSync(source).mtimeMs)
        throw new Error(`${BUILT_DATA_SOURCE} is missing or older than ${source}: run \`npm run build\` first`);
    const [bin, ...args] = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
      'migration:check'
    ]!.split(' ');
    expect(bin).toBe('typeorm');
    const { stdout } = await promisify(execFile)(process.execPath, [resolve(ROOT, 'node_modules/typeorm/cli.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: unmigrated.url },
    });
    expect(stdout).toContain('No changes in database schema were found');
    const dataSource = createDataSource(unmigrated.url, allEntities, allMigrations);
    await dataSource.initialize();
    try {
      expect(await dataSource.showMigrations()).toBe(false); // none pending: the CLI's data source ran them all
    } finally {
      await dataSource.destroy();
    }
  }, 60_000);
});
