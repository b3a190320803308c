import { Module } from '@nestjs/common';

import { IdentityModule } from '../identity';
import { MailModule } from '../mail';
import { ApplicationsRepository } from './applications.repository';
import { ApproveContractorApplicationHandler } from './approve-contractor-application/approve-contractor-application.handler';
import { ApproveContractorApplicationController } from './approve-contractor-application/approve-contractor-application.http.controller';
import { CompaniesRepository } from './companies.repository';
import { CreateBuyerHandler } from './create-buyer/create-buyer.handler';
import { CreateBuyerController } from './create-buyer/create-buyer.http.controller';
import { DirectoryService } from './directory.service';
import { FindBuyersByPhoneController } from './find-buyers-by-phone/find-buyers-by-phone.http.controller';
import { FindBuyersByPhoneHandler } from './find-buyers-by-phone/find-buyers-by-phone.query';
import { GetCompanyController } from './get-company/get-company.http.controller';
import { GetCompanyHandler } from './get-company/get-company.query';
import { GetCompanyServicesController } from './get-company-services/get-company-services.http.controller';
import { GetCompanyServicesHandler } from './get-company-services/get-company-services.query';
import { ListContractorApplicationsController } from './list-contractor-applications/list-contractor-applications.http.controller';
import { ListContractorApplicationsHandler } from './list-contractor-applications/list-contractor-applications.query';
import { ListServicesController } from './list-services/list-services.http.controller';
import { ListServicesHandler } from './list-services/list-services.query';
import { RejectContractorApplicationHandler } from './reject-contractor-application/reject-contractor-application.handler';
import { RejectContractorApplicationController } from './reject-contractor-application/reject-contractor-application.http.controller';
import { SearchCompaniesController } from './search-companies/search-companies.http.controller';
import { SearchCompaniesHandler } from './search-companies/search-companies.query';
import { SearchCompaniesByNameController } from './search-companies-by-name/search-companies-by-name.http.controller';
import { SearchCompaniesByNameHandler } from './search-companies-by-name/search-companies-by-name.query';
import { SubmitContractorApplicationHandler } from './submit-contractor-application/submit-contractor-application.handler';
import { SubmitContractorApplicationController } from './submit-contractor-application/submit-contractor-application.http.controller';

/** Companies, services, contractor applications and the buyers a seller finds or invites. */
@Module({
  imports: [IdentityModule, MailModule],
  controllers: [
    ApproveContractorApplicationController,
    CreateBuyerController,
    FindBuyersByPhoneController,
    GetCompanyController,
    GetCompanyServicesController,
    ListContractorApplicationsController,
    ListServicesController,
    RejectContractorApplicationController,
    SearchCompaniesController,
    SearchCompaniesByNameController,
    SubmitContractorApplicationController,
  ],
  providers: [
    CompaniesRepository,
    ApplicationsRepository,
    DirectoryService,
    ApproveContractorApplicationHandler,
    CreateBuyerHandler,
    FindBuyersByPhoneHandler,
    GetCompanyHandler,
    GetCompanyServicesHandler,
    ListContractorApplicationsHandler,
    ListServicesHandler,
    RejectContractorApplicationHandler,
    SearchCompaniesHandler,
    SearchCompaniesByNameHandler,
    SubmitContractorApplicationHandler,
  ],
  exports: [CompaniesRepository, DirectoryService],
})
export class DirectoryModule {}
