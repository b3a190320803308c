import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { metadataOf } from '../../command-side';
import { ProjectAccess } from '../../read-models';
import { RetainageReleases } from '../retainage-releases';
import { ResolveRetainageDispute } from './resolve-retainage-dispute.command';

@CommandHandler(ResolveRetainageDispute)
export class ResolveRetainageDisputeHandler implements ICommandHandler<ResolveRetainageDispute> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly releases: RetainageReleases,
  ) {}

  async execute(c: ResolveRetainageDispute): Promise<void> {
    await this.access.job(c.jobId);
    const milestones = await this.releases.facts(c.jobId);
    await this.releases.decide(
      c.jobId,
      { type: 'ResolveRetainageDispute', data: { resolution: c.resolution, note: c.note, milestones }, metadata: metadataOf(c.admin) },
      c.idempotencyKey,
    );
  }
}
