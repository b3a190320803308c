import { QueryHandler } from '@nestjs/cqrs';

import { type DisbursementView, disbursementView } from '../milestone.view';
import { MilestoneViewerHandler, MilestoneViewerQuery, type ViewedMilestone } from '../milestone-viewer-read';

/** GET /api/milestone/{id}/disbursements: what was released to each payee (matched by mp_id). */
export class GetMilestoneDisbursements extends MilestoneViewerQuery<DisbursementView[]> {}

@QueryHandler(GetMilestoneDisbursements)
export class GetMilestoneDisbursementsHandler extends MilestoneViewerHandler<GetMilestoneDisbursements, DisbursementView[]> {
  protected view = ({ state, names }: ViewedMilestone) => names().then((named) => state.disbursements.map((d) => disbursementView(d, named)));
}
