import { Module } from '@nestjs/common';
import { AdminDirectoryController } from './admin-directory.controller';
import { AdminMoneyController } from './admin-money.controller';
import { AdminOperationsController } from './admin-operations.controller';
import { AdminProjectsController } from './admin-projects.controller';

/** The admin console's API: money, projects and their ledger, directory, operations. */
@Module({ controllers: [AdminMoneyController, AdminProjectsController, AdminDirectoryController, AdminOperationsController] })
export class AdminModule {}
