import { QueryHandler } from '@nestjs/cqrs';

import { type DepositView, depositView } from '../milestone.view';
import { MilestoneViewerHandler, MilestoneViewerQuery, type ViewedMilestone } from '../milestone-viewer-read';

/** GET /api/milestone/{id}/deposits: the deposits of the milestone (docs/product.md#deposit). */
export class GetMilestoneDeposits extends MilestoneViewerQuery<DepositView[]> {}

@QueryHandler(GetMilestoneDeposits)
export class GetMilestoneDepositsHandler extends MilestoneViewerHandler<GetMilestoneDeposits, DepositView[]> {
  protected view = ({ state }: ViewedMilestone) => state.deposits.map(depositView);
}
