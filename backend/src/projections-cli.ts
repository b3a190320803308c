import 'reflect-metadata';
import { createProjectors, ProjectionRunner, runProjectionsCli } from '@escrow/projections';
import { loadConfig } from './config/app-config';
import { createDataSource, openDatabase } from './infrastructure/database/database';
import { allEntities, allMigrations } from './infrastructure/database/schema';
import { createEventStore } from './event-store/event-store.factory';
import { migrate } from './bootstrap';

/**
 * `npm run projections -- <status|run|rebuild|resume>`: the projection runner without the API.
 * Uses the same database as `make start` (the embedded one under .data, reused if running).
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const log = (line: string) => process.stderr.write(`${line}\n`);
  return runProjectionsCli(process.argv.slice(2), async () => {
    const db = await openDatabase(config, log);
    const dataSource = createDataSource(db.url, allEntities, allMigrations);
    await dataSource.initialize();
    await migrate(dataSource);
    await dataSource.destroy();
    const eventStore = createEventStore(config, db.pool, db.url, log);
    const runner = new ProjectionRunner({ pool: db.pool, eventStore, databaseUrl: db.url, projectors: createProjectors(), log });
    return {
      runner,
      close: async () => {
        await runner.stop();
        await eventStore.close();
        await db.stop();
      },
    };
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`projections: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
