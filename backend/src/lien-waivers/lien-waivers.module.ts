import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { ReadModelsModule } from '../read-models';
import { BillingWaiverDocuments } from './billing-waiver-documents';
import { GetLienWaiverDocumentController } from './get-lien-waiver-document/get-lien-waiver-document.http.controller';
import { GetMilestoneWaiversController } from './get-milestone-waivers/get-milestone-waivers.http.controller';
import { GetMilestoneWaiversHandler } from './get-milestone-waivers/get-milestone-waivers.query';
import { GetLienWaiverDocumentHandler } from './lien-waiver-document.query';
import { LienWaiverDocuments } from './lien-waiver-documents';
import { ListCompanyWaiversController } from './list-company-waivers/list-company-waivers.http.controller';
import { ListCompanyWaiversHandler } from './list-company-waivers/list-company-waivers.query';
import { SignBillingLienWaiverHandler } from './sign-billing-lien-waiver/sign-billing-lien-waiver.handler';
import { SignBillingLienWaiverController } from './sign-billing-lien-waiver/sign-billing-lien-waiver.http.controller';
import { SignLienWaiverHandler } from './sign-lien-waiver/sign-lien-waiver.handler';
import { SignLienWaiverController } from './sign-lien-waiver/sign-lien-waiver.http.controller';

/** Lien waivers exchanged with every payment of a project that names its job site's state (issue 17). */
@Module({
  imports: [CommandSideModule, ReadModelsModule],
  controllers: [
    GetMilestoneWaiversController,
    SignLienWaiverController,
    SignBillingLienWaiverController,
    GetLienWaiverDocumentController,
    ListCompanyWaiversController,
  ],
  providers: [
    LienWaiverDocuments,
    BillingWaiverDocuments,
    GetMilestoneWaiversHandler,
    SignLienWaiverHandler,
    SignBillingLienWaiverHandler,
    GetLienWaiverDocumentHandler,
    ListCompanyWaiversHandler,
  ],
  exports: [LienWaiverDocuments, BillingWaiverDocuments],
})
export class LienWaiversModule {}
