export {
  type DepositView,
  depositView,
  type DisbursementView,
  disbursementView,
  type MilestoneView,
  milestoneView,
  payeesView,
  type PayeeView,
  proposalView,
  type VersionView,
  versionView,
} from './milestone.view';
export { MilestoneAnswer } from './milestone-answer';
export { MilestonesModule } from './milestones.module';
