import { Module } from '@nestjs/common';

import { DirectoryModule } from '../directory';
import { MilestoneReads } from './milestone-reads';
import { ProjectAccess } from './project-access';

/**
 * The backend's reads of the projections' read models that several contexts share: who may see
 * a project or milestone (and what the rules know of it), and milestone states with their names.
 */
@Module({ imports: [DirectoryModule], providers: [ProjectAccess, MilestoneReads], exports: [ProjectAccess, MilestoneReads] })
export class ReadModelsModule {}
