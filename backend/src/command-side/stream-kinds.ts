import {
  type BillingCommand,
  type BillingEvent,
  type BillingState,
  billingStreamId,
  type CommandMetadata,
  decideBilling,
  decideMilestone,
  decideProject,
  evolveBilling,
  evolveMilestone,
  evolveProject,
  initialBillingState,
  initialMilestoneState,
  initialProjectState,
  type MilestoneCommand,
  type MilestoneEvent,
  type MilestoneState,
  milestoneStreamId,
  type ProjectCommand,
  type ProjectEvent,
  type ProjectState,
  projectStreamId,
} from '@escrow/domain';

/**
 * A kind of stream and its pure half (docs/design.md#streams): how its id is spelled, how to fold its events
 * and how to decide on a command. Commands are plain data carrying their own metadata.
 */
export interface EventStream<TState, TCommand extends { metadata: CommandMetadata }, TEvent extends { type: string; data: unknown }> {
  streamId(key: number): string;
  initialState: TState;
  evolve(state: TState, event: TEvent): TState;
  decide(command: TCommand, state: TState): TEvent[];
  /**
   * What every event of the stream carries in its metadata beside the command's, from the
   * stream's state after them: a milestone's and a project's events name their project (`jobId`,
   * the stored word), so no caller has to.
   */
  metadataOf?(state: TState): Record<string, unknown>;
}

const projectOf = (state: { status: string; jobId?: number }): Record<string, unknown> => (state.status === 'none' ? {} : { jobId: state.jobId });

export const milestoneStream: EventStream<MilestoneState, MilestoneCommand, MilestoneEvent> = {
  streamId: milestoneStreamId,
  initialState: initialMilestoneState,
  evolve: evolveMilestone,
  decide: decideMilestone,
  metadataOf: projectOf,
};

export const projectStream: EventStream<ProjectState, ProjectCommand, ProjectEvent> = {
  streamId: projectStreamId,
  initialState: initialProjectState,
  evolve: evolveProject,
  decide: decideProject,
  metadataOf: projectOf,
};

/** A progress-billed project's schedule of values, pay applications and change orders (docs/progress-billing.md). */
export const billingStream: EventStream<BillingState, BillingCommand, BillingEvent> = {
  streamId: billingStreamId,
  initialState: initialBillingState,
  evolve: evolveBilling,
  decide: decideBilling,
  metadataOf: projectOf,
};
