import type { MigrationInterface } from 'typeorm';

/** A TypeORM migration class, as a DataSource's `migrations` list holds it. */
export type MigrationClass = new () => MigrationInterface;

/** A TypeORM entity class, as a DataSource's `entities` list holds it. */
export type EntityClass = new () => object;
