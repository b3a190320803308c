import { Module } from '@nestjs/common';

import { AgreementsModule } from '../agreements';
import { CommandSideModule } from '../command-side';
import { DirectoryModule } from '../directory';
import { PaymentsModule } from '../payments';
import { ReadModelsModule } from '../read-models';
import { ClaimDeadlineRefundHandler } from './claim-deadline-refund/claim-deadline-refund.handler';
import { ClaimDeadlineRefundController } from './claim-deadline-refund/claim-deadline-refund.http.controller';
import { DecideOnVersionHandler } from './decide-on-version/decide-on-version.handler';
import { DecideOnVersionController } from './decide-on-version/decide-on-version.http.controller';
import { GetJobMilestonesController } from './get-job-milestones/get-job-milestones.http.controller';
import { GetJobMilestonesHandler } from './get-job-milestones/get-job-milestones.query';
import { GetMilestoneDepositsController } from './get-milestone-deposits/get-milestone-deposits.http.controller';
import { GetMilestoneDepositsHandler } from './get-milestone-deposits/get-milestone-deposits.query';
import { GetMilestoneDisbursementsController } from './get-milestone-disbursements/get-milestone-disbursements.http.controller';
import { GetMilestoneDisbursementsHandler } from './get-milestone-disbursements/get-milestone-disbursements.query';
import { GetMilestoneEditsController } from './get-milestone-edits/get-milestone-edits.http.controller';
import { GetMilestoneEditsHandler } from './get-milestone-edits/get-milestone-edits.query';
import { GetMilestoneFormController } from './get-milestone-form/get-milestone-form.http.controller';
import { GetMilestoneFormHandler } from './get-milestone-form/get-milestone-form.query';
import { GetMilestonePayeesController } from './get-milestone-payees/get-milestone-payees.http.controller';
import { GetMilestonePayeesHandler } from './get-milestone-payees/get-milestone-payees.query';
import { MarkCompleteHandler } from './mark-complete/mark-complete.handler';
import { MarkCompleteController } from './mark-complete/mark-complete.http.controller';
import { MilestoneAnswer } from './milestone-answer';
import { OpenDisputeHandler } from './open-dispute/open-dispute.handler';
import { OpenDisputeController } from './open-dispute/open-dispute.http.controller';
import { ProposalPrerequisites, ProposeMilestoneEditHandler, ProposeMilestoneHandler } from './propose-milestone/propose-milestone.handler';
import { ProposeMilestoneController } from './propose-milestone/propose-milestone.http.controller';
import { RequestDepositHandler } from './request-deposit/request-deposit.handler';
import { RequestDepositController } from './request-deposit/request-deposit.http.controller';
import { RespondToDisputeHandler } from './respond-to-dispute/respond-to-dispute.handler';
import { RespondToDisputeController } from './respond-to-dispute/respond-to-dispute.http.controller';

/** The milestone routes of docs/product.md#api-calls, plus the parties' side of disputes and the deadline refund. */
@Module({
  imports: [CommandSideModule, ReadModelsModule, DirectoryModule, PaymentsModule, AgreementsModule],
  controllers: [
    GetJobMilestonesController,
    GetMilestoneFormController,
    GetMilestonePayeesController,
    GetMilestoneEditsController,
    GetMilestoneDepositsController,
    GetMilestoneDisbursementsController,
    ProposeMilestoneController,
    DecideOnVersionController,
    MarkCompleteController,
    RequestDepositController,
    OpenDisputeController,
    RespondToDisputeController,
    ClaimDeadlineRefundController,
  ],
  providers: [
    ProposalPrerequisites,
    ProposeMilestoneHandler,
    ProposeMilestoneEditHandler,
    DecideOnVersionHandler,
    MarkCompleteHandler,
    RequestDepositHandler,
    OpenDisputeHandler,
    RespondToDisputeHandler,
    ClaimDeadlineRefundHandler,
    MilestoneAnswer,
    GetJobMilestonesHandler,
    GetMilestoneFormHandler,
    GetMilestonePayeesHandler,
    GetMilestoneEditsHandler,
    GetMilestoneDepositsHandler,
    GetMilestoneDisbursementsHandler,
  ],
  exports: [MilestoneAnswer],
})
export class MilestonesModule {}
