import type { AttachmentView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { BillingReads } from '../../progress-billing';
import { MilestoneReads } from '../../read-models';
import { billingFileView } from '../attachment.view';
import { billingReadBy } from '../attachment-access';

/** GET /api/job/{id}/billing/attachments: every file of the project's billing, for its parties, its certifier and administrators. */
export class ListBillingFiles extends Query<AttachmentView[]> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
  ) {
    super();
  }
}

@QueryHandler(ListBillingFiles)
export class ListBillingFilesHandler implements IQueryHandler<ListBillingFiles> {
  constructor(
    private readonly billing: BillingReads,
    private readonly reads: MilestoneReads,
  ) {}

  async execute({ user, projectId }: ListBillingFiles): Promise<AttachmentView[]> {
    const files = await billingReadBy(this.billing, projectId, user);
    const names = await this.reads.namesFor(
      [],
      files.map((f) => f.by),
    );
    return files.map((f) => billingFileView(projectId, f, names));
  }
}
