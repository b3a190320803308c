import { QueryHandler } from '@nestjs/cqrs';

import { type VersionView, versionView } from '../milestone.view';
import { MilestoneViewerHandler, MilestoneViewerQuery, type ViewedMilestone } from '../milestone-viewer-read';

/** GET /api/milestone/{id}/edits: every version of the milestone, oldest first (the edit history). */
export class GetMilestoneEdits extends MilestoneViewerQuery<VersionView[]> {}

@QueryHandler(GetMilestoneEdits)
export class GetMilestoneEditsHandler extends MilestoneViewerHandler<GetMilestoneEdits, VersionView[]> {
  protected view = ({ state, names }: ViewedMilestone) => names().then((named) => state.versions.map((v) => versionView(state, v, named)));
}
