import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, projectStream } from '../../command-side';
import { ProjectAccess } from '../../read-models';
import { ProjectParties } from '../project-parties';
import { UpdateDraft } from './update-draft.command';

@CommandHandler(UpdateDraft)
export class UpdateDraftHandler implements ICommandHandler<UpdateDraft> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
    private readonly parties: ProjectParties,
  ) {}

  async execute(c: UpdateDraft): Promise<{ projectId: number; primaryCompanyId: number | null }> {
    const { job: project } = await this.access.requireViewer(c.projectId, c.actor);
    const primaryCompanyId = c.primaryCompanyId ?? project.primary_company_id;
    await this.parties.check(c.customerId, primaryCompanyId);
    const metadata = metadataOf(c.actor);
    await this.streams.decide(
      projectStream,
      c.projectId,
      { type: 'UpdateJobBasics', data: { customerId: c.customerId, primaryCompanyId, service: c.service }, metadata },
      { idempotencyKey: c.idempotencyKey },
    );
    return { projectId: c.projectId, primaryCompanyId };
  }
}
