export { RetainageModule } from './retainage.module';
export { RetainageReleases } from './retainage-releases';
