import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { DirectoryModule } from '../directory';
import { IdentityModule } from '../identity';
import { ProjectsModule } from '../projects';
import { ReadModelsModule } from '../read-models';
import { AdminDirectoryController } from './admin-directory.controller';
import { AdminMoneyController } from './admin-money.controller';
import { AdminProjectsController } from './admin-projects.controller';
import { AdminWaiversController } from './admin-waivers.controller';
import { ChangeAdminRoleHandler } from './change-admin-role/change-admin-role.handler';
import { ChangeAdminRoleController } from './change-admin-role/change-admin-role.http.controller';
import { ProjectSearch } from './project-search';

/** The admin console's API: money, projects and their ledger, directory, waivers, operations. */
@Module({
  imports: [CommandSideModule, ReadModelsModule, ProjectsModule, DirectoryModule, IdentityModule],
  controllers: [AdminMoneyController, AdminProjectsController, AdminDirectoryController, AdminWaiversController, ChangeAdminRoleController],
  providers: [ProjectSearch, ChangeAdminRoleHandler],
})
export class AdminModule {}
