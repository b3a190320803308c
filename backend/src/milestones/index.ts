export {
  type DepositView,
  depositView,
  type DisbursementView,
  disbursementView,
  type MilestoneView,
  milestoneView,
  payeesView,
  type PayeeView,
  type VersionView,
  versionView,
} from './milestone.view';
export { GetMilestoneView } from './milestone-view.query';
export { MilestonesModule } from './milestones.module';
