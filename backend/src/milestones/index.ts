export { type MilestoneView, milestoneView, proposalView, versionView } from './milestone.view';
export { MilestoneAnswer } from './milestone-answer';
export { MilestonesModule } from './milestones.module';
