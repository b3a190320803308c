import type { ActiveMilestone } from '@escrow/domain';
import { Injectable } from '@nestjs/common';
import { Query } from '@nestjs/cqrs';

import type { SessionUser } from '../identity';
import { MilestoneReads, type Names, ProjectAccess } from '../read-models';

/** A read of one milestone by a version id (m_id), for someone who may see its project. */
export abstract class MilestoneViewerQuery<T> extends Query<T> {
  constructor(
    readonly user: SessionUser,
    readonly id: number,
  ) {
    super();
  }
}

/** The milestone as the read model holds it; the names its views show are looked up only when asked for. */
export interface ViewedMilestone {
  state: ActiveMilestone;
  versionId: number;
  names(): Promise<Names>;
}

/**
 * The milestone reads by version id (payees, edits, deposits, disbursements): the viewer check
 * (404 for a draft the caller did not start, 403 for an outsider) and the read, once; each
 * handler says only which part of the milestone it shows.
 */
@Injectable()
export abstract class MilestoneViewerHandler<Q extends MilestoneViewerQuery<T>, T> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
  ) {}

  async execute({ user, id }: Q): Promise<T> {
    const ref = await this.access.requireMilestoneViewer(id, user);
    const state = await this.reads.one(ref.originalId);
    return this.view({ state, versionId: id, names: () => this.reads.namesFor([state]) });
  }

  protected abstract view(milestone: ViewedMilestone): T | Promise<T>;
}
