import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { DirectoryModule } from '../directory';
import { PaymentsModule } from '../payments';
import { ReadModelsModule } from '../read-models';
import { AgreementsService } from './agreements.service';
import { GetAgreementController } from './get-agreement/get-agreement.http.controller';
import { GetAgreementHandler } from './get-agreement/get-agreement.query';
import { GetSignedAgreementController } from './get-signed-agreement/get-signed-agreement.http.controller';
import { SignAgreementHandler } from './sign-agreement/sign-agreement.handler';
import { SignAgreementController } from './sign-agreement/sign-agreement.http.controller';
import { GetSignedAgreementHandler } from './signed-agreement.query';

/** The escrow agreement of a project, signed by typed legal name (/portal/project-agreement, /portal/signed). */
@Module({
  imports: [CommandSideModule, DirectoryModule, ReadModelsModule, PaymentsModule],
  controllers: [GetAgreementController, SignAgreementController, GetSignedAgreementController],
  providers: [AgreementsService, GetAgreementHandler, SignAgreementHandler, GetSignedAgreementHandler],
  exports: [AgreementsService],
})
export class AgreementsModule {}
