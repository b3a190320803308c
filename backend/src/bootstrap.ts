import 'reflect-metadata';
import { Logger, ValidationPipe, BadRequestException, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import type { DataSource } from 'typeorm';
import type { ValidationError } from 'class-validator';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { createDataSource, openDatabase, type DatabaseHandle } from './infrastructure/database/database';
import { allEntities, allMigrations } from './infrastructure/database/schema';
import { ApiExceptionFilter } from './http/api-exception.filter';

export interface RunningApp {
  app: NestFastifyApplication;
  db: DatabaseHandle;
  dataSource: DataSource;
  config: AppConfig;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  /** Nest log levels; false silences Nest (tests). */
  logger?: LogLevel[] | false;
}

function firstConstraintMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraints = error.constraints ? Object.values(error.constraints) : [];
    if (constraints.length > 0) return constraints[0]!;
    const nested = firstConstraintMessage(error.children ?? []);
    if (nested) return nested;
  }
  return 'The request is not valid.';
}

export async function migrate(dataSource: DataSource): Promise<void> {
  await dataSource.runMigrations({ transaction: 'each' });
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

  const adapter = new FastifyAdapter({ trustProxy: 'loopback', bodyLimit: 1024 * 1024 });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config, db.pool, dataSource, db.url), adapter, {
    logger: options.logger ?? ['error', 'warn', 'log'],
    abortOnError: false,
  });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      exceptionFactory: (errors) => new BadRequestException(firstConstraintMessage(errors)),
    }),
  );
  const frontendDist = existsSync(config.frontendDist) ? config.frontendDist : null;
  app.useGlobalFilters(new ApiExceptionFilter(frontendDist));
  if (frontendDist) {
    app.useStaticAssets({ root: frontendDist, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  await app.init();

  let closed = false;
  return {
    app,
    db,
    dataSource,
    config,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close().catch((error: Error) => logger.error(`closing the app: ${error.message}`));
      await dataSource.destroy().catch(() => undefined);
      await db.stop();
    },
  };
}
