import { Global, Module } from '@nestjs/common';
import { DisputesController } from '../disputes/disputes.controller';
import { AgreementsController } from '../agreements/agreements.controller';
import { AgreementsService } from '../agreements/agreements.service';
import { MilestoneReads } from '../milestones/milestone-reads.service';
import { MilestonesController } from '../milestones/milestones.controller';
import { ProjectViews } from '../projects/project-views.service';
import { ProjectsController } from '../projects/projects.controller';
import { DecideMilestoneHandler, DecideProjectHandler } from './decide-commands';
import { IdsService } from './ids.service';
import { ProjectAccess } from './project-access.service';

/** Projects, milestones and disputes: the escrow's HTTP edge over the two stream deciders. */
@Global()
@Module({
  controllers: [ProjectsController, MilestonesController, DisputesController, AgreementsController],
  providers: [DecideMilestoneHandler, DecideProjectHandler, IdsService, ProjectAccess, MilestoneReads, ProjectViews, AgreementsService],
  exports: [IdsService, ProjectAccess, MilestoneReads, ProjectViews, AgreementsService],
})
export class EscrowModule {}
