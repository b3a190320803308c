import 'reflect-metadata';

import { existsSync } from 'node:fs';

import { ProjectionRunner } from '@escrow/projections';
import { BadRequestException, Logger, type LogLevel, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ValidationError } from 'class-validator';
import type { DataSource } from 'typeorm';

import { AgreementsService } from './agreements';
import { AppModule } from './app.module';
import { EventStreams, IdsService } from './command-side';
import type { AppConfig } from './config/app-config';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { serveOpenApi } from './http/openapi';
import { recordRoutes, type ServedRoute } from './http/route-table';
import { registerSecurity } from './http/security';
import { createDataSource, type DatabaseHandle, migrate, openDatabase } from './infrastructure/database/database';
import { allEntities, allMigrations } from './infrastructure/database/schema';
import { seedDemoProjects } from './seed/demo-projects';
import { demoLoginsText, seedDemoDirectory } from './seed/demo-seed';

export interface RunningApp {
  app: NestFastifyApplication;
  db: DatabaseHandle;
  dataSource: DataSource;
  config: AppConfig;
  /** Every route the HTTP server serves, as fastify registered it. */
  routes: readonly ServedRoute[];
  /** The demo logins to print, when demo data is on. */
  demoLogins: string | null;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  /** Nest log levels; false silences Nest (tests). */
  logger?: LogLevel[] | false;
}

/** Type checks speak first: a missing field should say "Please enter …", not "too long". */
const TYPE_CHECKS = ['isDefined', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isIn', 'isObject'];

function firstConstraintMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraints = error.constraints ?? {};
    const key = TYPE_CHECKS.find((k) => k in constraints) ?? Object.keys(constraints)[0];
    if (key) return constraints[key]!;
    const nested = firstConstraintMessage(error.children ?? []);
    if (nested) return nested;
  }
  return 'The request is not valid.';
}

/**
 * Opens the database (embedded unless DATABASE_URL is set), migrates it and builds the Nest
 * application, ready for listen() or for inject() in tests.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<RunningApp> {
  const logger = new Logger('Bootstrap');
  const log = (line: string) => (options.logger === false ? undefined : logger.log(line));
  const db = await openDatabase(config, log);
  const dataSource = createDataSource(db.url, allEntities, allMigrations);
  try {
    await dataSource.initialize();
    await migrate(dataSource);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    await db.stop();
    throw error;
  }

  const adapter = new FastifyAdapter({
    trustProxy: config.trustedProxies
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    bodyLimit: 1024 * 1024,
  });
  const routes = recordRoutes(adapter.getInstance());
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config, db.pool, dataSource, db.url), adapter, {
    logger: options.logger ?? ['error', 'warn', 'log'],
    abortOnError: false,
  });
  await registerSecurity(app, config);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      exceptionFactory: (errors) => new BadRequestException(firstConstraintMessage(errors)),
    }),
  );
  serveOpenApi(app);
  const frontendDist = existsSync(config.frontendDist) ? config.frontendDist : null;
  app.useGlobalFilters(new ApiExceptionFilter(frontendDist));
  if (frontendDist) {
    app.useStaticAssets({ root: frontendDist, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  await app.init();
  let demoLogins: string | null = null;
  if (config.seedDemoData) {
    const seeded = await seedDemoDirectory(db.pool);
    if (seeded) {
      await seedDemoProjects(
        app.get(EventStreams),
        app.get(IdsService),
        app.get(AgreementsService),
        app.get(ProjectionRunner),
        seeded,
        config.responseDeadlineDays,
      );
      log('Seeded the demo data (first start on this database).');
    }
    demoLogins = demoLoginsText(config.publicUrl);
  }

  let closed = false;
  return {
    app,
    db,
    dataSource,
    config,
    routes,
    demoLogins,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close().catch((error: Error) => logger.error(`closing the app: ${error.message}`));
      await dataSource.destroy().catch(() => undefined);
      await db.stop();
    },
  };
}
