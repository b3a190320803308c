import { Module } from '@nestjs/common';

import { DirectoryModule } from '../directory';
import { IdentityModule } from '../identity';
import { AuthorRoles } from './author-roles';
import { BuyerStepUpGuard } from './buyer-step-up.guard';
import { MilestoneReads } from './milestone-reads';
import { ProjectAccess } from './project-access';
import { ProjectEvents } from './project-events';

/**
 * The backend's reads of the projections' read models that several contexts share: who may see
 * a project or milestone (and what the rules know of it; with it, the guard of the buyer's
 * step-up), milestone states with their names, and a project's events from the event store.
 */
@Module({
  imports: [DirectoryModule, IdentityModule],
  providers: [AuthorRoles, ProjectAccess, MilestoneReads, ProjectEvents, BuyerStepUpGuard],
  exports: [ProjectAccess, MilestoneReads, ProjectEvents, BuyerStepUpGuard],
})
export class ReadModelsModule {}
