import { CreateProjectionRunnerTables1763800001000 } from './runner/migrations';

export const projectionMigrations: Function[] = [CreateProjectionRunnerTables1763800001000];
export const projectionEntities: Function[] = [];
