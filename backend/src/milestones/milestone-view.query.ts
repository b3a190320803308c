import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../identity';
import { MilestoneReads, type Viewer } from '../read-models';
import { type MilestoneView, milestoneView } from './milestone.view';

/** One milestone's card as the asking user sees it: what a milestone command answers with. */
export class GetMilestoneView extends Query<MilestoneView> {
  constructor(
    readonly user: SessionUser,
    readonly originalId: number,
    readonly viewer: Viewer,
  ) {
    super();
  }
}

@QueryHandler(GetMilestoneView)
export class GetMilestoneViewHandler implements IQueryHandler<GetMilestoneView> {
  constructor(private readonly reads: MilestoneReads) {}

  async execute({ user, originalId, viewer }: GetMilestoneView): Promise<MilestoneView> {
    const state = await this.reads.one(originalId);
    return milestoneView(state, viewer, user, await this.reads.namesFor([state]));
  }
}
