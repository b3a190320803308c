import type { DataSource } from 'typeorm';

import { createDataSource, migrate } from './infrastructure/database/database';
import { allEntities, allMigrations } from './schema';

/**
 * The DataSource TypeORM's CLI loads (`npm run migration:generate -- <path>`, after `npm run
 * build`): the database at DATABASE_URL, first brought up to date by our own migration runner,
 * so the generated migration holds exactly what the entities changed and nothing still pending.
 */
async function migratedDataSource(): Promise<DataSource> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'Set DATABASE_URL to the database to compare the entities with, e.g. the one `make start` runs: DATABASE_URL=postgres://postgres:postgres@127.0.0.1:54329/escrow (its port is in .data/pg-port).',
    );
  }
  const runner = createDataSource(url, allEntities, allMigrations);
  await runner.initialize();
  try {
    await migrate(runner);
  } finally {
    await runner.destroy();
  }
  return createDataSource(url, allEntities, allMigrations);
}

export const dataSource = migratedDataSource();
