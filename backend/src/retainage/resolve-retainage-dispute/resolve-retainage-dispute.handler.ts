import { PROPOSAL_WAITING, type RetainageProposalView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { metadataOf } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { ProjectAccess } from '../../read-models';
import { RetainageReleases } from '../retainage-releases';
import { ResolveRetainageDispute } from './resolve-retainage-dispute.command';

@CommandHandler(ResolveRetainageDispute)
export class ResolveRetainageDisputeHandler implements ICommandHandler<ResolveRetainageDispute> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly releases: RetainageReleases,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(c: ResolveRetainageDispute): Promise<{ proposal: RetainageProposalView | null }> {
    await this.access.job(c.projectId);
    if (await this.releases.billsByProgress(c.projectId)) {
      const events = await this.releases.decideBilling(
        c.projectId,
        { type: 'ResolveBillingRetainageDispute', data: { resolution: c.resolution, note: c.note, fourEyesAbove: this.config.fourEyesAbove } },
        metadataOf(c.admin),
        c.idempotencyKey,
      );
      const proposed = events[0]?.type === 'BillingRetainageResolutionProposed' ? events[0].data : null;
      return { proposal: proposed && this.proposalView(c, proposed) };
    }
    const milestones = await this.releases.facts(c.projectId);
    const events = await this.releases.decide(
      c.projectId,
      {
        type: 'ResolveRetainageDispute',
        data: { resolution: c.resolution, note: c.note, milestones, fourEyesAbove: this.config.fourEyesAbove },
        metadata: metadataOf(c.admin),
      },
      c.idempotencyKey,
    );
    const proposed = events[0]?.type === 'RetainageResolutionProposed' ? events[0].data : null;
    return { proposal: proposed && this.proposalView(c, proposed) };
  }

  private proposalView(
    c: ResolveRetainageDispute,
    proposed: { proposalId: number; by: number; resolution: 'release' | 'refund'; amount: string; note: string; at: string },
  ): RetainageProposalView {
    return {
      proposal_id: proposed.proposalId,
      proposed_by: c.admin.displayName,
      proposed_by_id: proposed.by,
      resolution: proposed.resolution,
      amount: proposed.amount,
      note: proposed.note,
      proposed_at: proposed.at,
      message: PROPOSAL_WAITING,
    };
  }
}
