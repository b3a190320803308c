import type { ActiveMilestone, MilestoneState } from '@escrow/domain';
import { Injectable } from '@nestjs/common';

import { metadataOf } from '../command-side';
import type { SessionUser } from '../identity';
import { MilestoneReads, type Viewer } from '../read-models';
import { type MilestoneView, milestoneView } from './milestone.view';

/**
 * A milestone command's answer: the card as the acting user sees it, built from the state its
 * decider just produced (not from the read model, which follows on its own), with the names of
 * the people and companies it mentions.
 */
@Injectable()
export class MilestoneAnswer {
  constructor(private readonly reads: MilestoneReads) {}

  async of(user: SessionUser, state: MilestoneState, viewer: Viewer): Promise<MilestoneView> {
    const active = state as ActiveMilestone;
    // A version this command just proposed is not in the read model yet: its author is the acting
    // user, in the role the command's metadata records.
    const acting = { userId: user.userId, companyRole: metadataOf(user).actorCompanyRole ?? null };
    return milestoneView(active, viewer, user, await this.reads.namesFor([active], [], [], acting, { payouts: false }));
  }
}
