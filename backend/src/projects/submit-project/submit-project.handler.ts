import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, milestoneStream, projectStream } from '../../command-side';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { SubmitProject } from './submit-project.command';

@CommandHandler(SubmitProject)
export class SubmitProjectHandler implements ICommandHandler<SubmitProject> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
    private readonly milestones: MilestoneReads,
  ) {}

  async execute(c: SubmitProject): Promise<void> {
    await this.access.requireViewer(c.projectId, c.actor);
    // Submitting needs a milestone: the decider counts those the project's stream lists, and the
    // read model's for a project started before the stream listed them.
    const shown = await this.milestones.ofJob(c.projectId);
    // One milestone shown is enough to submit: only a project that shows none is read further.
    const unstartedMilestones = shown.length > 0 ? 0 : await this.unstarted(c.projectId);
    const metadata = metadataOf(c.actor);
    await this.streams.decide(
      projectStream,
      c.projectId,
      { type: 'SubmitJob', data: { milestoneCount: shown.length, unstartedMilestones }, metadata },
      { idempotencyKey: c.idempotencyKey },
    );
  }

  /**
   * Listed milestones with no stream of their own: a proposal cut between its two appends (the
   * project's listing, then the milestone) and never retried. Asked only when the read model shows
   * no milestone, so the streams read are those of a draft's first proposals, one at a time.
   */
  private async unstarted(projectId: number): Promise<number> {
    const listed = (await this.streams.fetch(projectStream, projectId)).state;
    let unstarted = 0;
    for (const id of listed.status === 'none' ? [] : (listed.milestoneIds ?? [])) {
      const milestone = await this.streams.fetch(milestoneStream, id);
      // One started milestone is enough to submit: the rest need not be read.
      if (milestone.state.status !== 'none') return unstarted;
      unstarted++;
    }
    return unstarted;
  }
}
