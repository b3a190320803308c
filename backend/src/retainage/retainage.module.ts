import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { ReadModelsModule } from '../read-models';
import { DecideOnRetainageHandler } from './decide-on-retainage/decide-on-retainage.handler';
import { DecideOnRetainageController } from './decide-on-retainage/decide-on-retainage.http.controller';
import { GetRetainageController } from './get-retainage/get-retainage.http.controller';
import { ResolveRetainageDisputeHandler } from './resolve-retainage-dispute/resolve-retainage-dispute.handler';
import { ResolveRetainageDisputeController } from './resolve-retainage-dispute/resolve-retainage-dispute.http.controller';
import { GetRetainageHandler } from './retainage.query';
import { RetainageReleases } from './retainage-releases';
import { SetProjectTermsHandler } from './set-project-terms/set-project-terms.handler';
import { SetProjectTermsController } from './set-project-terms/set-project-terms.http.controller';

/** The project's terms (retainage, job-site state) and the release of its retainage (issue 17). */
@Module({
  imports: [CommandSideModule, ReadModelsModule],
  controllers: [GetRetainageController, SetProjectTermsController, DecideOnRetainageController, ResolveRetainageDisputeController],
  providers: [RetainageReleases, GetRetainageHandler, SetProjectTermsHandler, DecideOnRetainageHandler, ResolveRetainageDisputeHandler],
  exports: [RetainageReleases],
})
export class RetainageModule {}
