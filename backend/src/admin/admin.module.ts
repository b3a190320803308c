import { Module } from '@nestjs/common';

import { DirectoryModule } from '../directory';
import { ProjectsModule } from '../projects';
import { ReadModelsModule } from '../read-models';
import { AdminDirectoryController } from './admin-directory.controller';
import { AdminMoneyController } from './admin-money.controller';
import { AdminProjectsController } from './admin-projects.controller';
import { AdminWaiversController } from './admin-waivers.controller';

/** The admin console's API: money, projects and their ledger, directory, operations. */
@Module({
  imports: [ReadModelsModule, ProjectsModule, DirectoryModule],
  controllers: [AdminMoneyController, AdminProjectsController, AdminDirectoryController, AdminWaiversController],
})
export class AdminModule {}
