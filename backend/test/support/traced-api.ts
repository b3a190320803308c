import type { TestDatabase } from '../../../testing/test-database';
import type { ChildRun } from '../reliability/child-process';
import { startApi } from '../reliability/test-servers';
import { OtlpCollector } from './otlp-collector';
import { createMigratedTestDatabase } from './test-app';

/**
 * The built program (`startApi`) on a migrated database of its own, with tracing on and its spans
 * sent to a collector on loopback, as the tracing e2e tests run it. `stop` stops the program,
 * which sends the spans still buffered; `close` also closes the collector and drops the database.
 */
export class TracedApi {
  private constructor(
    readonly collector: OtlpCollector,
    readonly database: TestDatabase,
    readonly run: ChildRun,
    readonly baseUrl: string,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<TracedApi> {
    const collector = await OtlpCollector.start();
    const database = await createMigratedTestDatabase();
    const started = await startApi(database.url, { ...collector.settings, ...env });
    return new TracedApi(collector, database, started.run, started.baseUrl);
  }

  stop(): Promise<void> {
    return this.run.stop();
  }

  async close(): Promise<void> {
    await this.run.stop();
    await this.collector.close();
    await this.database.drop();
  }
}
