import { Module } from '@nestjs/common';

import { DirectoryModule } from '../directory';
import { MilestoneReads } from './milestone-reads';
import { ProjectAccess } from './project-access';
import { ProjectEvents } from './project-events';

/**
 * The backend's reads of the projections' read models that several contexts share: who may see
 * a project or milestone (and what the rules know of it), milestone states with their names, and a
 * project's events from the event store.
 */
@Module({ imports: [DirectoryModule], providers: [ProjectAccess, MilestoneReads, ProjectEvents], exports: [ProjectAccess, MilestoneReads, ProjectEvents] })
export class ReadModelsModule {}
