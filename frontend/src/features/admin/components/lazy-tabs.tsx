import { type ComponentProps, Suspense } from 'react';

import { lazyComponent } from '../../../lib/lazy-route';
import type { AdminBilling } from './AdminBilling';
import type { PointInTime } from './PointInTime';

// Tabs the project page does not open first (the billing of a progress-billed project, the
// point-in-time view) load when opened, so the page's first load stays within its budget
// (scripts/bundle-sizes.mjs).
const AdminBillingChunk = lazyComponent<ComponentProps<typeof AdminBilling>>(() => import('./AdminBilling').then((m) => ({ default: m.AdminBilling })));
const PointInTimeChunk = lazyComponent<ComponentProps<typeof PointInTime>>(() => import('./PointInTime').then((m) => ({ default: m.PointInTime })));

const loading = (what: string) => (
  <p className="el-muted" role="status">
    Loading the {what}…
  </p>
);

export function LazyAdminBilling(props: ComponentProps<typeof AdminBillingChunk>) {
  return (
    <Suspense fallback={loading('billing')}>
      <AdminBillingChunk {...props} />
    </Suspense>
  );
}

export function LazyPointInTime(props: ComponentProps<typeof PointInTimeChunk>) {
  return (
    <Suspense fallback={loading('point-in-time view')}>
      <PointInTimeChunk {...props} />
    </Suspense>
  );
}
