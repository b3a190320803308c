export { ListRetainageDisputes } from './list-retainage-disputes/list-retainage-disputes.query';
export { RetainageModule } from './retainage.module';
export { RetainageReleases } from './retainage-releases';
