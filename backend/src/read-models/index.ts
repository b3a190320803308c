export { AuthorRoles } from './author-roles';
export { BuyerStepUpGuard } from './buyer-step-up.guard';
export { milestoneOf, MilestoneReads, projectOf } from './milestone-reads';
export { type Names, paymentDestination } from './names';
export { ProjectAccess, projectFactsOf, type Viewer } from './project-access';
export { ProjectEvents } from './project-events';
export { ReadModelsModule } from './read-models.module';
