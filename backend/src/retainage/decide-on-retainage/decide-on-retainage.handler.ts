import type { ProjectCommand } from '@escrow/domain';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { IdsService, metadataOf } from '../../command-side';
import { DecideOnBillingRetainage } from '../../progress-billing';
import { ProjectAccess } from '../../read-models';
import { RetainageReleases } from '../retainage-releases';
import { DecideOnRetainage } from './decide-on-retainage.command';

@CommandHandler(DecideOnRetainage)
export class DecideOnRetainageHandler implements ICommandHandler<DecideOnRetainage> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly releases: RetainageReleases,
    private readonly ids: IdsService,
    private readonly commandBus: CommandBus,
  ) {}

  async execute(c: DecideOnRetainage): Promise<void> {
    await this.access.requireViewer(c.projectId, c.actor);
    // A progress-billed project holds its retainage per line on its billing stream: the same action, decided there.
    if (await this.releases.billsByProgress(c.projectId)) {
      await this.commandBus.execute(new DecideOnBillingRetainage(c.actor, c.projectId, c.action, c.idempotencyKey, c.statement));
      return;
    }
    const metadata = metadataOf(c.actor);
    const milestones = await this.releases.facts(c.projectId);
    let command: ProjectCommand;
    switch (c.action) {
      case 'request':
        command = { type: 'RequestRetainageRelease', data: { milestones }, metadata };
        break;
      case 'approve':
        command = { type: 'ApproveRetainageRelease', data: { milestones }, metadata };
        break;
      case 'dispute': {
        const disputeId = await this.ids.forCreation('dispute_id_seq', `retainage-dispute:${c.actor.userId}:${c.projectId}`, c.idempotencyKey);
        command = { type: 'DisputeRetainage', data: { disputeId, statement: c.statement ?? '', milestones }, metadata };
        break;
      }
    }
    await this.releases.decide(c.projectId, command, c.idempotencyKey);
  }
}
