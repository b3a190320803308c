import { versionById } from '@escrow/domain';
import { QueryHandler } from '@nestjs/cqrs';

import { payeesView, type PayeeView } from '../milestone.view';
import { MilestoneViewerHandler, MilestoneViewerQuery, type ViewedMilestone } from '../milestone-viewer-read';

/** GET /api/milestone/{id}/payees: the payees of one version, with what each has been paid (docs/product.md#payee). */
export class GetMilestonePayees extends MilestoneViewerQuery<PayeeView[]> {}

@QueryHandler(GetMilestonePayees)
export class GetMilestonePayeesHandler extends MilestoneViewerHandler<GetMilestonePayees, PayeeView[]> {
  protected view = ({ state, versionId, names }: ViewedMilestone) => names().then((named) => payeesView(state, versionById(state, versionId)!, named));
}
