import { type ComponentProps, Suspense } from 'react';

import { lazyComponent } from '../../../lib/lazy-route';

// The attachments UI (antd Upload, Progress, Popconfirm) loads once a card or dispute shows it,
// so it adds nothing to a page's first load.
const MilestoneFilesChunk = lazyComponent(() => import('./MilestoneFiles'));
const DisputeEvidenceChunk = lazyComponent(() => import('./DisputeEvidence'));

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
