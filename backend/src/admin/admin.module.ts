import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { DirectoryModule } from '../directory';
import { IdentityModule } from '../identity';
import { PayeeNames } from '../progress-billing';
import { ProjectsModule } from '../projects';
import { ReadModelsModule } from '../read-models';
import { AppointFirstOwnerHandler } from './appoint-first-owner/appoint-first-owner.handler';
import { ChangeAdminRoleHandler } from './change-admin-role/change-admin-role.handler';
import { ChangeAdminRoleController } from './change-admin-role/change-admin-role.http.controller';
import { GetAdminDashboardController } from './get-dashboard/get-dashboard.http.controller';
import { GetAdminDashboardHandler } from './get-dashboard/get-dashboard.query';
import { GetProjectAsOfController } from './get-project-as-of/get-project-as-of.http.controller';
import { GetProjectAsOfHandler } from './get-project-as-of/get-project-as-of.query';
import { GetProjectEventsController } from './get-project-events/get-project-events.http.controller';
import { GetProjectEventsHandler } from './get-project-events/get-project-events.query';
import { AdminBilling } from './get-project-in-full/admin-billing';
import { GetProjectInFullController } from './get-project-in-full/get-project-in-full.http.controller';
import { GetProjectInFullHandler } from './get-project-in-full/get-project-in-full.query';
import { GetProjectLedgerController } from './get-project-ledger/get-project-ledger.http.controller';
import { GetProjectLedgerHandler } from './get-project-ledger/get-project-ledger.query';
import { GetAdminReportsController } from './get-reports/get-reports.http.controller';
import { GetAdminReportsHandler } from './get-reports/get-reports.query';
import { GetSignedContractsController } from './get-signed-contracts/get-signed-contracts.http.controller';
import { GetSignedContractsHandler } from './get-signed-contracts/get-signed-contracts.query';
import { ListAdminCompaniesController } from './list-companies/list-companies.http.controller';
import { ListAdminCompaniesHandler } from './list-companies/list-companies.query';
import { ListMissingWaiversController } from './list-missing-waivers/list-missing-waivers.http.controller';
import { ListMissingWaiversHandler } from './list-missing-waivers/list-missing-waivers.query';
import { ListAdminPaymentsController } from './list-payments/list-payments.http.controller';
import { ListAdminPaymentsHandler } from './list-payments/list-payments.query';
import { ListAdminUsersController } from './list-users/list-users.http.controller';
import { ListAdminUsersHandler } from './list-users/list-users.query';
import { ProjectSearch } from './project-search';
import { SearchAdminProjectsController } from './search-projects/search-projects.http.controller';
import { SearchAdminProjectsHandler } from './search-projects/search-projects.query';
import { UpdateCompanyHandler } from './update-company/update-company.handler';
import { UpdateCompanyController } from './update-company/update-company.http.controller';

/** The admin console's API: money, projects and their ledger, directory, waivers, administrator roles. */
@Module({
  imports: [CommandSideModule, ReadModelsModule, ProjectsModule, DirectoryModule, IdentityModule],
  controllers: [
    GetAdminDashboardController,
    ListAdminPaymentsController,
    GetAdminReportsController,
    ListMissingWaiversController,
    SearchAdminProjectsController,
    GetProjectInFullController,
    GetProjectLedgerController,
    GetProjectEventsController,
    GetProjectAsOfController,
    GetSignedContractsController,
    ListAdminUsersController,
    ListAdminCompaniesController,
    UpdateCompanyController,
    ChangeAdminRoleController,
  ],
  providers: [
    ProjectSearch,
    AdminBilling,
    PayeeNames,
    AppointFirstOwnerHandler,
    GetAdminDashboardHandler,
    ListAdminPaymentsHandler,
    GetAdminReportsHandler,
    ListMissingWaiversHandler,
    SearchAdminProjectsHandler,
    GetProjectInFullHandler,
    GetProjectLedgerHandler,
    GetProjectEventsHandler,
    GetProjectAsOfHandler,
    GetSignedContractsHandler,
    ListAdminUsersHandler,
    ListAdminCompaniesHandler,
    UpdateCompanyHandler,
    ChangeAdminRoleHandler,
  ],
})
export class AdminModule {}
