import { asOriginalId, asVersionId, invalid, requireSeller } from '@escrow/domain';
import { Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, IdsService, metadataOf, milestoneStream } from '../../command-side';
import { DirectoryService } from '../../directory';
import type { SessionUser } from '../../identity';
import { ProjectAccess, projectFactsOf } from '../../read-models';
import { type ProposedContent, type ProposedIds, ProposeMilestone, ProposeMilestoneEdit } from './propose-milestone.command';

/** What a proposal and an edit check first: the project, its seller, and payees that exist. */
@Injectable()
export class ProposalPrerequisites {
  constructor(
    private readonly access: ProjectAccess,
    private readonly directory: DirectoryService,
    private readonly ids: IdsService,
  ) {}

  async check(actor: SessionUser, projectId: number, content: ProposedContent) {
    const { job: row } = await this.access.requireViewer(projectId, actor);
    const project = projectFactsOf(row);
    // The decider's own rule, asked first: a seller-less draft answers it before its payees are looked up.
    requireSeller(project);
    const known = await this.directory.companyNames(content.payees.map((p) => p.companyId));
    const unknown = content.payees.find((p) => !known.has(p.companyId));
    if (unknown) throw invalid('unknown_payee', `There is no company ${unknown.companyId} to pay.`);
    const payeeIds = await this.ids.next('milestone_payee_id_seq', content.payees.length);
    return { job: row, project, metadata: metadataOf(actor), content: { ...content, payeeIds } };
  }
}

@CommandHandler(ProposeMilestone)
export class ProposeMilestoneHandler implements ICommandHandler<ProposeMilestone> {
  constructor(
    private readonly streams: EventStreams,
    private readonly ids: IdsService,
    private readonly prerequisites: ProposalPrerequisites,
  ) {}

  async execute(c: ProposeMilestone): Promise<ProposedIds> {
    const { project, metadata, content } = await this.prerequisites.check(c.actor, c.projectId, c.content);
    const originalId = asOriginalId(await this.ids.forCreation('milestone_version_id_seq', `milestone:${c.actor.userId}:${c.projectId}`, c.idempotencyKey));
    await this.streams.decide(
      milestoneStream,
      originalId,
      { type: 'ProposeMilestone', data: { ...content, originalId, jobId: c.projectId }, metadata, project },
      { idempotencyKey: c.idempotencyKey },
    );
    return { m_id: originalId, original_id: originalId, job_id: c.projectId };
  }
}

@CommandHandler(ProposeMilestoneEdit)
export class ProposeMilestoneEditHandler implements ICommandHandler<ProposeMilestoneEdit> {
  constructor(
    private readonly streams: EventStreams,
    private readonly ids: IdsService,
    private readonly access: ProjectAccess,
    private readonly prerequisites: ProposalPrerequisites,
  ) {}

  async execute(c: ProposeMilestoneEdit): Promise<ProposedIds> {
    const { project, metadata, content } = await this.prerequisites.check(c.actor, c.projectId, c.content);
    const ref = await this.access.milestone(c.originalId);
    if (ref.projectId !== c.projectId || ref.originalId !== c.originalId)
      throw invalid('original_id_mismatch', 'original_id must be a milestone of this project.');
    const versionId = asVersionId(
      await this.ids.forCreation('milestone_version_id_seq', `milestone-edit:${c.actor.userId}:${ref.originalId}`, c.idempotencyKey),
    );
    // No base given: the decider builds the edit on the version the card shows (the dialog was filled from it).
    const result = await this.streams.decide(
      milestoneStream,
      ref.originalId,
      { type: 'ProposeMilestoneEdit', data: { ...content, versionId, basedOnVersionId: null }, metadata, project },
      { idempotencyKey: c.idempotencyKey },
    );
    const event = result.events[0] as { data: { versionId: number } };
    return { m_id: event.data.versionId, original_id: ref.originalId, job_id: c.projectId };
  }
}
