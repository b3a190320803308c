import './attachments.css';

import type { AttachmentView } from '@escrow/domain';

import { useCompanyPermission } from '../../../api/company-role';
import { errorMessage } from '../../../lib/api-client';
import { useAttachments } from '../api/get-attachments';
import type { EvidenceOwner } from '../api/owner';
import { AttachmentList } from './AttachmentList';
import { AttachmentUploader } from './AttachmentUploader';

export interface DisputeEvidenceProps {
  /** A milestone's dispute, or the project's retainage dispute. */
  owner: EvidenceOwner;
  disputeId: number;
  /** Evidence is taken until the dispute is resolved. */
  open: boolean;
  viewer: { userId: number; role: 'buyer' | 'seller' | 'admin' };
  /**
   * Each side's evidence of the work (completion files) beside its dispute evidence: for the
   * administrator, who reads the dispute away from the milestone card that shows them.
   */
  withWork?: boolean;
}

const COLUMNS = [
  { role: 'buyer', heading: 'The buyer’s evidence' },
  { role: 'seller', heading: 'The seller’s evidence' },
] as const;

/**
 * A dispute's evidence, each side's beside the other's (one column under 900 px), then what
 * administrators added; each file with who added it and when, and its SHA-256. While the dispute
 * is open, either party and administrators add files and remove their own.
 */
export default function DisputeEvidence({ owner, disputeId, open, viewer, withWork = false }: DisputeEvidenceProps) {
  const files = useAttachments(owner);
  const place = owner.kind === 'milestone' ? 'dispute' : 'retainage_dispute';
  // Evidence is a dispute action: a member whose company role does not act in disputes reads it (issue 37).
  const acts = useCompanyPermission('disputes.act');
  const takes = open && acts.allowed;
  if (files.isPending) return <p className="el-muted">Loading the evidence…</p>;
  if (files.isError) return <p role="alert">{errorMessage(files.error)}</p>;
  const ofDispute = files.data.filter((f) => (f.to === place && f.dispute_id === disputeId) || (withWork && f.to === 'completion'));
  const by = (role: AttachmentView['by']['role']) => ofDispute.filter((f) => f.by.role === role);
  const admins = by('admin');
  const list = (heading: string, shown: AttachmentView[], empty: string) => (
    <AttachmentList
      files={shown}
      owner={owner}
      viewerId={viewer.userId}
      viewerIsAdmin={viewer.role === 'admin'}
      label={heading}
      mayRemove={(f) => takes && f.to === place}
      empty={empty}
      note={withWork ? (f) => (f.to === 'completion' ? 'Evidence of the work' : 'In the dispute') : undefined}
    />
  );
  return (
    <section aria-label="Evidence" className="el-evidence">
      <div className="el-evidence__sides">
        {COLUMNS.map((c) => (
          <section key={c.role} aria-label={c.heading}>
            <h5>{c.heading}</h5>
            {list(c.heading, by(c.role), `The ${c.role} has added no files.`)}
          </section>
        ))}
      </div>
      {(admins.length > 0 || viewer.role === 'admin') && (
        <section aria-label="Administrators’ files">
          <h5>Administrators’ files</h5>
          {list('Administrators’ files', admins, 'No administrator has added files.')}
        </section>
      )}
      {open && acts.reason && <p className="el-muted">{acts.reason}</p>}
      {takes && (
        <AttachmentUploader
          owner={owner}
          target={{ to: place, disputeId }}
          label={viewer.role === 'admin' ? 'Attach a file to the dispute' : 'Attach your evidence'}
        />
      )}
    </section>
  );
}
