import type { AttachmentView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { attachmentView } from '../attachment.view';
import { milestoneSeenBy } from '../attachment-access';

/**
 * GET /api/milestone/{id}/attachments: every file of the milestone, removed ones marked, for its
 * parties, the payees it pays and administrators; everyone else is told there is no such milestone.
 */
export class ListAttachments extends Query<AttachmentView[]> {
  constructor(
    readonly user: SessionUser,
    readonly versionId: number,
  ) {
    super();
  }
}

@QueryHandler(ListAttachments)
export class ListAttachmentsHandler implements IQueryHandler<ListAttachments> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
  ) {}

  async execute({ user, versionId }: ListAttachments): Promise<AttachmentView[]> {
    const ref = await milestoneSeenBy(this.access, versionId, user);
    const milestone = await this.reads.one(ref.originalId);
    const names = await this.reads.namesFor(
      [milestone],
      milestone.attachments.map((a) => a.by),
    );
    return milestone.attachments.map((a) => attachmentView(milestone, a, names));
  }
}
