import { Module } from '@nestjs/common';

import { DirectoryModule } from '../directory';
import { IdentityModule } from '../identity';
import { ProjectsModule } from '../projects';
import { ReadModelsModule } from '../read-models';
import { AdminDirectoryController } from './admin-directory.controller';
import { AdminMoneyController } from './admin-money.controller';
import { AdminProjectsController } from './admin-projects.controller';
import { AdminWaiversController } from './admin-waivers.controller';
import { ProjectSearch } from './project-search';

/** The admin console's API: money, projects and their ledger, directory, waivers, operations. */
@Module({
  imports: [ReadModelsModule, ProjectsModule, DirectoryModule, IdentityModule],
  controllers: [AdminMoneyController, AdminProjectsController, AdminDirectoryController, AdminWaiversController],
  providers: [ProjectSearch],
})
export class AdminModule {}
