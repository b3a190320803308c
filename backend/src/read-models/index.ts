export { ReadModelsModule } from './read-models.module';
export { ProjectAccess, projectFactsOf, type JobAccessRow, type MilestoneRef, type Viewer } from './project-access';
export { MilestoneReads } from './milestone-reads';
export type { Names } from './names';
