import { type ComponentProps, Suspense } from 'react';

import { lazyThemed } from '../../../components/lazy-antd';
import { Spinner } from '../../../components/Spinner';
import { lazyNamed } from '../../../lib/lazy-route';
import type { MilestoneForm } from './MilestoneForm';

// The milestone form (antd Form, Select, Segmented and the payee picker, ~60 KB gzip) loads when
// Add a milestone or Make Edit opens it, not with the project page. Add a milestone's opens in the
// page, whose first paint has no antd: it brings the theme along. Make Edit's opens in its dialog,
// which has the theme.
const MilestoneFormChunk = lazyThemed<ComponentProps<typeof MilestoneForm>, 'MilestoneForm'>(() => import('./MilestoneForm'), 'MilestoneForm');
const EditMilestoneFormChunk = lazyNamed(() => import('./EditMilestoneForm'), 'EditMilestoneForm');

const loading = <Spinner label="Loading the milestone form…" />;

export function LazyMilestoneForm(props: ComponentProps<typeof MilestoneFormChunk>) {
  return (
    <Suspense fallback={loading}>
      <MilestoneFormChunk {...props} />
    </Suspense>
  );
}

export function LazyEditMilestoneForm(props: ComponentProps<typeof EditMilestoneFormChunk>) {
  return (
    <Suspense fallback={loading}>
      <EditMilestoneFormChunk {...props} />
    </Suspense>
  );
}
