import 'reflect-metadata';

import { existsSync } from 'node:fs';

import type { EventStore } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import type { DataSource } from 'typeorm';

import { AgreementsService } from './agreements';
import { AppModule } from './app.module';
import { FILE_STORE, type FileStore } from './attachments';
import { EventStreams, IdsService } from './command-side';
import type { AppConfig } from './config/app-config';
import { EVENT_STORE } from './event-store/event-store.tokens';
import { HeldFundsClockWorker } from './held-funds';
import { recordApiCalls } from './http/api-call-recorder';
import { answerClientError, answerFrameworkError } from './http/error-answer';
import { jsonBodyParser } from './http/json-body';
import { serveOpenApi } from './http/openapi';
import { recordRoutes, type ServedRoute } from './http/route-table';
import { registerSecurity } from './http/security';
import { trustedProxyList } from './http/trusted-proxies';
import { registerUploads } from './http/uploads';
import { SessionCache, TotpSecrets } from './identity';
import { createDataSource, type DatabaseHandle, openDatabase, prepareDatabase } from './infrastructure/database/database';
import { registerRequestCorrelation } from './observability/correlation/request-correlation';
import { createLogger } from './observability/logging/logger';
import { PinoNestLogger } from './observability/logging/nest-logger';
import { BankAccountPersonalData, PaymentDispatcher } from './payments';
import { allEntities, allMigrations, readModelTables } from './schema';
import { seedDemoBankAccounts } from './seed/demo-bank-accounts';
import { seedDemoProgressBilling } from './seed/demo-progress-billing';
import { seedDemoProjects } from './seed/demo-projects';
import { demoSecrets } from './seed/demo-secrets';
import { demoLoginsText, replaceDemoSecrets, seedDemoDirectory } from './seed/demo-seed';
import { addMissingDemoTeam } from './seed/demo-team';
import { Memberships } from './teams';
import { WebhookDeliverer } from './webhooks';

export interface RunningApp {
  app: NestFastifyApplication;
  db: DatabaseHandle;
  dataSource: DataSource;
  config: AppConfig;
  /** Every route the HTTP server serves, as fastify registered it. */
  routes: readonly ServedRoute[];
  /** The demo logins to print, when demo data is on. */
  demoLogins: string | null;
  /** Stops everything, in order (see stopInOrder); `progress` hears each step start and end ("Stopping PostgreSQL", done). */
  close(progress?: StopProgress): Promise<void>;
}

/** Hears the steps of a stop: each one's start, then whether it went well. */
export interface StopProgress {
  started(step: string): void;
  ended(step: string, outcome: 'done' | 'failed'): void;
}

export interface CreateAppOptions {
  /** false silences the logs (tests), unless logDestination is given. */
  logger?: false;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
  /** With API_CALLS_DIR set (tests), false leaves query parameter names out of the record (http/api-call-recorder.ts). */
  recordQueryNames?: boolean;
}

/** The largest request body read (1 MiB): a JSON body of the API is a few KB; uploads have limits of their own. */
const BODY_LIMIT = 1024 * 1024;

/** A file Vite named by its content's hash: `assets/<name>-<8 characters>.<ext>`, or its .br / .gz copy. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.br|\.gz)?$/;

/**
 * Opens the database (embedded unless DATABASE_URL is set), migrates it and builds the Nest
 * application, ready for listen() or for inject() in tests.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<RunningApp> {
  const silent = options.logger === false && !options.logDestination;
  const rootLogger = createLogger(silent ? { ...config.logging, level: 'silent' } : config.logging, options.logDestination);
  const nestLogger = new PinoNestLogger(rootLogger);
  // Every `new Logger('X')` of the code base, from here on, writes through pino.
  Logger.overrideLogger(nestLogger);
  const logger = new Logger('Bootstrap');
  const log = (line: string) => (silent ? undefined : logger.log(line));
  const db = await openDatabase(config, log);
  const dataSource = createDataSource(db.url, allEntities, allMigrations);
  try {
    await prepareDatabase(db, allMigrations, readModelTables, (line) => logger.warn(line));
    await dataSource.initialize();
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    await db.stop();
    throw error;
  }

  const trustedProxies = trustedProxyList(config.trustedProxies);
  const adapter = new FastifyAdapter({
    trustProxy: trustedProxies,
    bodyLimit: BODY_LIMIT,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  registerRequestCorrelation(adapter.getInstance(), trustedProxies, rootLogger.child({ context: 'HTTP' }));
  const routes = recordRoutes(adapter.getInstance());
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config, db.pool, dataSource, db.url), adapter, {
    logger: silent ? false : nestLogger,
    abortOnError: false,
  });
  // Before init, so that Nest registers no JSON parser of its own (hasCustomBodyParser).
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, jsonBodyParser(adapter.getInstance()));
  await registerSecurity(app, config);
  await registerUploads(app, config);
  app.setGlobalPrefix('api');
  recordApiCalls(adapter.getInstance(), serveOpenApi(app), { queryNames: options.recordQueryNames ?? true });
  const frontendDist = existsSync(config.frontendDist) ? config.frontendDist : null;
  if (frontendDist) {
    app.useStaticAssets({
      root: frontendDist,
      prefix: '/',
      wildcard: false,
      // `/` is answered like every other page of the UI (ApiExceptionFilter.serveSpa), with its
      // chunks named for preloading.
      index: false,
      // The build writes a .br and a .gz copy of every text file (frontend/vite.config.ts,
      // `precompress`): sent to browsers that accept them, with Vary: Accept-Encoding.
      preCompressed: true,
      // Vite names every file under assets/ by a hash of its content: a browser may keep it for
      // good instead of asking again on every page load. index.html names the current ones and
      // is revalidated each time (max-age=0), so a new release is seen at the next load.
      // (@fastify/static hands over its FastifyReply, whose method is `header`; Nest's type says `setHeader`.)
      setHeaders: (reply, path) => {
        if (HASHED_ASSET.test(path)) (reply as unknown as FastifyReply).header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  try {
    await app.init();
  } catch (error) {
    // A start refused here (METRICS_PORT taken) leaves nothing running, PostgreSQL included.
    await app.close().catch(() => undefined);
    await dataSource.destroy().catch(() => undefined);
    await db.stop();
    throw error;
  }
  let demoLogins: string | null = null;
  if (config.seedDemoData) {
    const { secrets, file, created } = demoSecrets(config.dataDir);
    const seeded = await seedDemoDirectory(db.pool, app.get(TotpSecrets), secrets);
    if (!seeded && created) {
      const replaced = await replaceDemoSecrets(db.pool, app.get(TotpSecrets), secrets);
      if (replaced > 0) log(`The demo logins had the public secrets of an earlier version: they now have this installation's own (${file}).`);
    }
    // An installation seeded before Saguaro Build Co. was a team gets its team now (issue 37).
    const team = seeded ? null : await addMissingDemoTeam(db.pool, app.get(TotpSecrets), secrets);
    if (team) {
      await app.get(Memberships).recordDirectoryMembers(team.companyId);
      if (team.added.length > 0) log(`Added the demo team's logins this installation lacked: ${team.added.join(', ')}.`);
    }
    if (seeded) {
      await seedDemoBankAccounts(app.get(EventStreams), app.get(IdsService), app.get(BankAccountPersonalData), seeded);
      await seedDemoProjects(
        app.get(EventStreams),
        app.get(IdsService),
        app.get(AgreementsService),
        app.get(ProjectionRunner),
        seeded,
        config.responseDeadlineDays,
      );
      await seedDemoProgressBilling(app.get(EventStreams), app.get(IdsService), app.get<FileStore>(FILE_STORE), seeded);
      log('Seeded the demo data (first start on this database).');
    }
    demoLogins = demoLoginsText(config.publicUrl, secrets, file);
  }

  let closing: Promise<void> | null = null;
  return {
    app,
    db,
    dataSource,
    config,
    routes,
    demoLogins,
    close: (progress = { started: () => undefined, ended: () => undefined }) => (closing ??= stopInOrder(app, dataSource, db, progress)),
  };
}

/**
 * Stops the application in the order that leaves nothing to complain: the HTTP server first (no
 * new requests; those under way finish), then the workers that act on their own, each finishing
 * the pass it is in, then the NOTIFY listeners, the connections, and PostgreSQL last, when nothing
 * uses it any more. (Mail has no worker: it is sent by the request or pass that causes it.)
 */
async function stopInOrder(app: NestFastifyApplication, dataSource: DataSource, db: DatabaseHandle, progress: StopProgress): Promise<void> {
  const logger = new Logger('Shutdown');
  const step = async (what: string, work: () => Promise<unknown>) => {
    progress.started(what);
    try {
      await work();
      progress.ended(what, 'done');
    } catch (error) {
      progress.ended(what, 'failed');
      logger.error(`${what}: ${(error as Error).message}`);
    }
  };
  await step('Stopping the HTTP server', () => app.getHttpAdapter().close());
  // Each worker's shutdown hook, called here to set the order; Nest calls them again below, with nothing left to do.
  await step('Stopping the webhook deliverer', () => app.get(WebhookDeliverer).onApplicationShutdown());
  await step('Stopping the payments dispatcher', () => app.get(PaymentDispatcher).onApplicationShutdown());
  await step('Stopping the held-funds clock', () => app.get(HeldFundsClockWorker).onApplicationShutdown());
  await step('Stopping the projection runner', () => app.get(ProjectionRunner).stop());
  await step('Stopping the NOTIFY listeners', async () => {
    await Promise.all([app.get<EventStore>(EVENT_STORE).close(), app.get(SessionCache).onApplicationShutdown()]);
    // The remaining shutdown hooks (running chain checks, …).
    await app.close();
  });
  await step('Closing the database connections', async () => {
    await dataSource.destroy();
    await db.closeConnections();
  });
  if (db.startedServer) await step('Stopping PostgreSQL', () => db.stopServer());
}
