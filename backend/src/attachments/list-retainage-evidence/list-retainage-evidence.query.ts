import type { AttachmentView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { retainageEvidenceView } from '../attachment.view';
import { projectSeenBy } from '../attachment-access';
import { RetainageEvidenceSource } from '../retainage-evidence-source';

/** GET /api/job/{id}/retainage/attachments: every file of the project's retainage disputes, removed ones marked. */
export class ListRetainageEvidence extends Query<AttachmentView[]> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
  ) {
    super();
  }
}

@QueryHandler(ListRetainageEvidence)
export class ListRetainageEvidenceHandler implements IQueryHandler<ListRetainageEvidence> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
    private readonly source: RetainageEvidenceSource,
  ) {}

  async execute({ user, projectId }: ListRetainageEvidence): Promise<AttachmentView[]> {
    await projectSeenBy(this.access, projectId, user);
    const evidence = await this.source.read(projectId);
    const names = await this.reads.namesFor(
      [],
      evidence.map((e) => e.by),
    );
    return evidence.map((e) => retainageEvidenceView(projectId, e, names));
  }
}
