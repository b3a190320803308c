export { MilestonesModule } from './milestones.module';
export { GetMilestoneView } from './milestone-view.query';
export { milestoneView, versionView, payeesView, depositView, disbursementView, type MilestoneView, type VersionView, type PayeeView, type DepositView, type DisbursementView } from './milestone.view';
