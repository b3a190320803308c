export { milestoneOf, MilestoneReads, projectOf } from './milestone-reads';
export { type Names, paymentDestination } from './names';
export { type JobAccessRow, type MilestoneRef, ProjectAccess, projectFactsOf, type Viewer, type WaiverViewer } from './project-access';
export { ProjectEvents } from './project-events';
export { ReadModelsModule } from './read-models.module';
