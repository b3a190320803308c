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
    const unstartedMilestones = await this.unstarted(c.projectId, new Set(shown.map((m) => m.originalId)));
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
   * project's listing, then the milestone) and never retried. Only those the read model does not
   * show are read, usually none.
   */
  private async unstarted(projectId: number, shown: ReadonlySet<number>): Promise<number> {
    const listed = (await this.streams.fetch(projectStream, projectId)).state;
    const unseen = listed.status === 'none' ? [] : (listed.milestoneIds ?? []).filter((id) => !shown.has(id));
    const streams = await Promise.all(unseen.map((id) => this.streams.fetch(milestoneStream, id)));
    return streams.filter((m) => m.state.status === 'none').length;
  }
}
