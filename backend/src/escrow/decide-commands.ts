import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  decideMilestone,
  decideProject,
  evolveMilestone,
  evolveProject,
  initialMilestoneState,
  initialProjectState,
  milestoneStreamId,
  projectStreamId,
  type CommandMetadata,
  type MilestoneCommand,
  type MilestoneEvent,
  type MilestoneState,
  type ProjectCommand,
  type ProjectEvent,
  type ProjectState,
} from '@escrow/domain';
import { EventSourcedCommandService, type HandleResult } from '../command-side/event-sourced-command.service';

/**
 * A decision on one milestone stream: carries the domain command (ApproveMilestoneVersion,
 * RequestDeposit, …) through the CommandBus to the milestone decider.
 */
export class DecideMilestoneCommand {
  constructor(
    readonly originalId: number,
    readonly jobId: number,
    readonly metadata: CommandMetadata,
    /** Built from the current state so a retry after a conflict decides on fresh data. */
    readonly build: (state: MilestoneState) => MilestoneCommand,
    readonly idempotencyKey: string | null = null,
  ) {}
}

export class DecideProjectCommand {
  constructor(
    readonly jobId: number,
    readonly metadata: CommandMetadata,
    readonly build: (state: ProjectState) => ProjectCommand,
    readonly idempotencyKey: string | null = null,
  ) {}
}

@CommandHandler(DecideMilestoneCommand)
export class DecideMilestoneHandler implements ICommandHandler<DecideMilestoneCommand, HandleResult<MilestoneEvent>> {
  constructor(private readonly commands: EventSourcedCommandService) {}

  execute({ originalId, jobId, metadata, build, idempotencyKey }: DecideMilestoneCommand): Promise<HandleResult<MilestoneEvent>> {
    return this.commands.handle<MilestoneState, MilestoneCommand, MilestoneEvent>({
      streamId: milestoneStreamId(originalId),
      decider: { initialState: initialMilestoneState, evolve: evolveMilestone, decide: decideMilestone },
      command: build,
      metadata,
      idempotencyKey,
      metadataExtras: { jobId },
    });
  }
}

@CommandHandler(DecideProjectCommand)
export class DecideProjectHandler implements ICommandHandler<DecideProjectCommand, HandleResult<ProjectEvent>> {
  constructor(private readonly commands: EventSourcedCommandService) {}

  execute({ jobId, metadata, build, idempotencyKey }: DecideProjectCommand): Promise<HandleResult<ProjectEvent>> {
    return this.commands.handle<ProjectState, ProjectCommand, ProjectEvent>({
      streamId: projectStreamId(jobId),
      decider: { initialState: initialProjectState, evolve: evolveProject, decide: decideProject },
      command: build,
      metadata,
      idempotencyKey,
      metadataExtras: { jobId },
    });
  }
}
