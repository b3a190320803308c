import { type ComponentProps, Suspense } from 'react';

import { Spinner } from '../../../components/Spinner';
import { lazyNamed } from '../../../lib/lazy-route';
import type { MilestoneForm } from './MilestoneForm';

// The milestone form (antd Form, Select, Segmented and the payee picker, ~60 KB gzip) loads when
// Add a milestone or Make Edit opens it, not with the project page.
const MilestoneFormChunk = lazyNamed<ComponentProps<typeof MilestoneForm>, 'MilestoneForm'>(() => import('./MilestoneForm'), 'MilestoneForm');
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
