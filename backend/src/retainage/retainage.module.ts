import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { DirectoryModule } from '../directory';
import { ReadModelsModule } from '../read-models';
import { DecideOnRetainageHandler } from './decide-on-retainage/decide-on-retainage.handler';
import { DecideOnRetainageController } from './decide-on-retainage/decide-on-retainage.http.controller';
import { DecideOnRetainageResolutionHandler } from './decide-on-retainage-resolution/decide-on-retainage-resolution.handler';
import { DecideOnRetainageResolutionController } from './decide-on-retainage-resolution/decide-on-retainage-resolution.http.controller';
import { GetRetainageController } from './get-retainage/get-retainage.http.controller';
import { ListRetainageDisputesController } from './list-retainage-disputes/list-retainage-disputes.http.controller';
import { ListRetainageDisputesHandler } from './list-retainage-disputes/list-retainage-disputes.query';
import { ResolveRetainageDisputeHandler } from './resolve-retainage-dispute/resolve-retainage-dispute.handler';
import { ResolveRetainageDisputeController } from './resolve-retainage-dispute/resolve-retainage-dispute.http.controller';
import { GetRetainageHandler } from './retainage.query';
import { RetainageReleases } from './retainage-releases';
import { SetProjectTermsHandler } from './set-project-terms/set-project-terms.handler';
import { SetProjectTermsController } from './set-project-terms/set-project-terms.http.controller';

/** The project's terms (retainage, job-site state) and the release of its retainage (issue 17). */
@Module({
  imports: [CommandSideModule, ReadModelsModule, DirectoryModule],
  controllers: [
    GetRetainageController,
    SetProjectTermsController,
    DecideOnRetainageController,
    ResolveRetainageDisputeController,
    DecideOnRetainageResolutionController,
    ListRetainageDisputesController,
  ],
  providers: [
    RetainageReleases,
    GetRetainageHandler,
    SetProjectTermsHandler,
    DecideOnRetainageHandler,
    ResolveRetainageDisputeHandler,
    DecideOnRetainageResolutionHandler,
    ListRetainageDisputesHandler,
  ],
  exports: [RetainageReleases],
})
export class RetainageModule {}
