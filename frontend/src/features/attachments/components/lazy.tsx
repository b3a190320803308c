import { type ComponentProps, Suspense } from 'react';

import { lazyThemed } from '../../../components/lazy-antd';
import type DisputeEvidence from './DisputeEvidence';
import type MilestoneFiles from './MilestoneFiles';

// The attachments UI (antd Upload, Progress, Popconfirm) loads once a card or dispute shows it,
// so it adds nothing to a page's first load; the antd theme comes with it (the project page's
// first paint has none).
const MilestoneFilesChunk = lazyThemed<ComponentProps<typeof MilestoneFiles>, 'default'>(() => import('./MilestoneFiles'), 'default');
const DisputeEvidenceChunk = lazyThemed<ComponentProps<typeof DisputeEvidence>, 'default'>(() => import('./DisputeEvidence'), 'default');

const loading = (what: string) => (
  <p className="el-muted" role="status">
    Loading the {what}…
  </p>
);

export function LazyMilestoneFiles(props: ComponentProps<typeof MilestoneFilesChunk>) {
  return (
    <Suspense fallback={loading('files')}>
      <MilestoneFilesChunk {...props} />
    </Suspense>
  );
}

export function LazyDisputeEvidence(props: ComponentProps<typeof DisputeEvidenceChunk>) {
  return (
    <Suspense fallback={loading('evidence')}>
      <DisputeEvidenceChunk {...props} />
    </Suspense>
  );
}
