import { invalid, type ProgressBillingView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { IdsService } from '../../command-side';
import { DirectoryService } from '../../directory';
import { progressBillingView } from '../billing.view';
import { BillingCommands } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { ProposeScheduleCommand } from './propose-schedule.command';

@CommandHandler(ProposeScheduleCommand)
export class ProposeScheduleHandler implements ICommandHandler<ProposeScheduleCommand> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly names: PayeeNames,
    private readonly ids: IdsService,
    private readonly directory: DirectoryService,
  ) {}

  async execute(c: ProposeScheduleCommand): Promise<ProgressBillingView> {
    await this.billing.requireReader(c.projectId, c.actor);
    await requireKnownPayees(this.directory, c.lines);
    const versionId = await this.ids.forCreation('billing_id_seq', `schedule:${c.actor.userId}:${c.projectId}`, c.idempotencyKey);
    const { state, viewer } = await this.billing.decide(
      c.actor,
      c.projectId,
      { type: 'ProposeSchedule', data: { jobId: c.projectId, versionId, basedOnVersionId: c.basedOnVersionId, lines: c.lines } },
      c.idempotencyKey,
    );
    return this.names.named(progressBillingView(c.projectId, 'progress', state, viewer));
  }
}

/** Every payee a line names is a company of the directory (the seller or a subcontractor). */
export async function requireKnownPayees(directory: DirectoryService, lines: readonly { payeeId: unknown }[]): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.payeeId).filter((id): id is number => typeof id === 'number'))];
  const known = await directory.companyNames(ids);
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw invalid('unknown_payee', `There is no company ${unknown} to pay.`);
}
