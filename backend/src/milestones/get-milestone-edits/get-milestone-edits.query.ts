import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { type VersionView, versionView } from '../milestone.view';

/** GET /api/milestone/{id}/edits: every version of the milestone, oldest first (the edit history). */
export class GetMilestoneEdits extends Query<VersionView[]> {
  constructor(
    readonly user: SessionUser,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(GetMilestoneEdits)
export class GetMilestoneEditsHandler implements IQueryHandler<GetMilestoneEdits> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
  ) {}

  async execute({ user, id }: GetMilestoneEdits): Promise<VersionView[]> {
    const ref = await this.access.requireMilestoneViewer(id, user);
    const state = await this.reads.one(ref.originalId);
    const names = await this.reads.namesFor([state]);
    return state.versions.map((v) => versionView(state, v, names));
  }
}
