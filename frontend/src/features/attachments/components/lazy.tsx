import { type ComponentProps, Suspense } from 'react';

import { lazyComponent } from '../../../lib/lazy-route';

// The files and evidence load once a card or dispute shows them, so they add nothing to a page's
// first load. They are plain elements; only Remove's confirmation loads antd, when first reached.
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
