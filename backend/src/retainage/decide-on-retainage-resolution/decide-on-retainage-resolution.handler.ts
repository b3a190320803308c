import type { ProjectCommand } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { metadataOf } from '../../command-side';
import { ProjectAccess } from '../../read-models';
import { RetainageReleases } from '../retainage-releases';
import { DecideOnRetainageResolution } from './decide-on-retainage-resolution.command';

/** An approval is decided against the milestones' retainage now: what the proposer saw must still be held. */
@CommandHandler(DecideOnRetainageResolution)
export class DecideOnRetainageResolutionHandler implements ICommandHandler<DecideOnRetainageResolution> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly releases: RetainageReleases,
  ) {}

  async execute(c: DecideOnRetainageResolution): Promise<void> {
    await this.access.job(c.projectId);
    const metadata = metadataOf(c.admin);
    if (await this.releases.billsByProgress(c.projectId)) {
      await this.releases.decideBilling(
        c.projectId,
        c.decision === 'approve'
          ? { type: 'ApproveBillingRetainageResolution', data: { proposalId: c.proposalId } }
          : { type: 'RejectBillingRetainageResolution', data: { proposalId: c.proposalId, note: c.note } },
        metadata,
        c.idempotencyKey,
      );
      return;
    }
    const command: ProjectCommand =
      c.decision === 'approve'
        ? { type: 'ApproveRetainageResolution', data: { proposalId: c.proposalId, milestones: await this.releases.facts(c.projectId) }, metadata }
        : { type: 'RejectRetainageResolution', data: { proposalId: c.proposalId, note: c.note }, metadata };
    await this.releases.decide(c.projectId, command, c.idempotencyKey);
  }
}
