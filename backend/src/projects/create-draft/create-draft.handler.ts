import type { ProjectDraftCreated } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, IdsService, metadataOf, projectStream } from '../../command-side';
import { ProjectAccess } from '../../read-models';
import { ProjectParties } from '../project-parties';
import { CreateDraft } from './create-draft.command';

/** Runs once: a call naming an existing job_id, or repeating an Idempotency-Key, answers the same job. */
@CommandHandler(CreateDraft)
export class CreateDraftHandler implements ICommandHandler<CreateDraft> {
  constructor(
    private readonly streams: EventStreams,
    private readonly ids: IdsService,
    private readonly access: ProjectAccess,
    private readonly parties: ProjectParties,
  ) {}

  async execute(c: CreateDraft): Promise<ProjectDraftCreated> {
    if (c.existingProjectId) {
      await this.access.requireViewer(c.existingProjectId, c.actor);
      return { job_id: c.existingProjectId };
    }
    const primaryCompanyId = c.customerInitiated ? c.primaryCompanyId : (c.primaryCompanyId ?? c.actor.companyId);
    await this.parties.check(c.customerId, primaryCompanyId);
    const projectId = await this.ids.forCreation('job_id_seq', `job:${c.actor.userId}`, c.idempotencyKey);
    const metadata = metadataOf(c.actor);
    await this.streams.decide(
      projectStream,
      projectId,
      {
        type: 'CreateJobDraft',
        data: { jobId: projectId, customerId: c.customerId, primaryCompanyId, service: c.service, customerInitiated: c.customerInitiated },
        metadata,
      },
      { idempotencyKey: c.idempotencyKey },
    );
    return { job_id: projectId };
  }
}
