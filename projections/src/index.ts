import { CreateJobsReadModel1763800002000, JobRow, JobsProjector } from './jobs';
import type { Projector } from './runner/projector';
import { CreateProjectionRunnerTables1763800001000 } from './runner/migrations';

export * from './runner';
export * from './jobs';

export const projectionMigrations: Function[] = [CreateProjectionRunnerTables1763800001000, CreateJobsReadModel1763800002000];
export const projectionEntities: Function[] = [JobRow];

/** Every projector of the product; the runner and the operator CLI work on this list. */
export function createProjectors(): Projector[] {
  return [new JobsProjector()];
}
