import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { MilestonesModule } from '../milestones';
import { ReadModelsModule } from '../read-models';
import { DecideOnResolutionHandler } from './decide-on-resolution/decide-on-resolution.handler';
import { DecideOnResolutionController } from './decide-on-resolution/decide-on-resolution.http.controller';
import { ListDisputesController } from './list-disputes/list-disputes.http.controller';
import { ListDisputesHandler } from './list-disputes/list-disputes.query';
import { ResolveDisputeHandler } from './resolve-dispute/resolve-dispute.handler';
import { ResolveDisputeController } from './resolve-dispute/resolve-dispute.http.controller';

/** The admin's side of disputes: both statements, and a resolution that moves the money. */
@Module({
  imports: [CommandSideModule, ReadModelsModule, MilestonesModule],
  controllers: [ListDisputesController, ResolveDisputeController, DecideOnResolutionController],
  providers: [ListDisputesHandler, ResolveDisputeHandler, DecideOnResolutionHandler],
})
export class DisputesModule {}
