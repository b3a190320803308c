import {
  asOriginalId,
  asVersionId,
  invalid,
  notFound,
  projectFacts,
  type ProjectState,
  type ProposeMilestone as ProposeMilestoneCommand,
  requireSeller,
} from '@escrow/domain';
import { Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, IdsService, metadataOf, milestoneStream, projectStream } from '../../command-side';
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

  /**
   * The project's stream lists the milestone first (ProjectMilestoneAdded), then the milestone's
   * own stream is started, both decided on the project as its stream has it: a submit a moment
   * later counts the milestone, and progress billing chosen at the same instant cannot let it in.
   */
  async execute(c: ProposeMilestone): Promise<ProposedIds> {
    const { metadata, content } = await this.prerequisites.check(c.actor, c.projectId, c.content);
    const originalId = asOriginalId(await this.ids.forCreation('milestone_version_id_seq', `milestone:${c.actor.userId}:${c.projectId}`, c.idempotencyKey));
    const options = { idempotencyKey: c.idempotencyKey };
    const proposal = (project: ProjectState): ProposeMilestoneCommand => {
      if (project.status === 'none') throw notFound('job_not_found', 'There is no such project.');
      return { type: 'ProposeMilestone', data: { ...content, originalId, jobId: c.projectId }, metadata, project: projectFacts(project) };
    };
    const [project, milestone] = await Promise.all([this.streams.fetch(projectStream, c.projectId), this.streams.fetch(milestoneStream, originalId)]);
    let listedOn = project.state;
    // A retry whose first copy started the milestone is answered by it as it was; else the
    // milestone's refusals come before anything is appended.
    if (milestone.check(proposal(listedOn), options) === 'new') {
      listedOn = (await project.decide({ type: 'AddProjectMilestone', data: { originalId }, metadata }, options)).state;
    }
    await milestone.decide(proposal(listedOn), options);
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
