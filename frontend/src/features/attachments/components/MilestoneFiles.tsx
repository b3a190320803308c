import './attachments.css';

import type { AttachmentView, MilestoneView } from '@escrow/domain';

import { useCompanyPermission } from '../../../api/company-role';
import { errorMessage } from '../../../lib/api-client';
import type { AttachmentTarget } from '../api/attach-file';
import { useAttachments } from '../api/get-attachments';
import { milestoneEvidence } from '../api/owner';
import { AttachmentList } from './AttachmentList';
import { AttachmentUploader } from './AttachmentUploader';

type Side = 'buyer' | 'seller';
interface Upload {
  target: AttachmentTarget;
  label: string;
}

const other = (side: Side): Side => (side === 'buyer' ? 'seller' : 'buyer');
const approvalOf = (v: { buyer_approval: string; seller_approval: string }, side: Side) => (side === 'buyer' ? v.buyer_approval : v.seller_approval);

/**
 * Where this user may attach on the milestone, following docs/attachments.md (the API decides;
 * a refusal shows its own words): the terms of a version their side proposed while the other side
 * has not decided on it; why a version their side rejected was rejected; the work done, by either party, once
 * the milestone is agreed and until both marked it complete.
 */
export function uploadsOf(m: MilestoneView): { terms: Upload[]; rejection: Upload[]; completion: Upload | null } {
  const side: Side = m.user_is_customer ? 'buyer' : 'seller';
  const terms: Upload[] = [];
  const rejection: Upload[] = [];
  // The card shows the agreed version, else the original: an open card version is the original.
  if (!m.is_current && !m.locked) {
    if (m.author_party === side && approvalOf(m, other(side)) === 'pending')
      terms.push({ target: { to: 'version', versionId: m.m_id }, label: 'Attach drawings or a quote to the original' });
    if (approvalOf(m, side) === 'rejected') rejection.push({ target: { to: 'rejection', versionId: m.m_id }, label: 'Attach why the original was rejected' });
  }
  const edit = m.pending_edit;
  if (edit && !m.locked) {
    if (edit.author_party === side && approvalOf(edit, other(side)) === 'pending')
      terms.push({ target: { to: 'version', versionId: edit.m_id }, label: 'Attach drawings or a quote to the edit' });
    if (approvalOf(edit, side) === 'rejected') rejection.push({ target: { to: 'rejection', versionId: edit.m_id }, label: 'Attach why the edit was rejected' });
  }
  const completed = m.marked_complete_by_both || m.complete_count > 1;
  const completion = m.is_current && !completed ? { target: { to: 'completion' as const }, label: 'Attach photos or reports of the work' } : null;
  return { terms, rejection, completion };
}

/** Which version a terms or rejection file belongs to, in words. */
function versionWord(m: MilestoneView, f: AttachmentView): string {
  if (f.version_id === m.original_id) return 'the original';
  if (f.version_id === m.m_id) return 'the approved edit';
  return 'an edit';
}

/**
 * The milestone card's files: its terms (drawings, a quote), why versions were rejected, and,
 * once agreed, the evidence of the work. A part shows when it has files or this user may add
 * some; the dispute's evidence is in the card's dispute (DisputeEvidence).
 */
export default function MilestoneFiles({ milestone: m, currentUserId }: { milestone: MilestoneView; currentUserId: number }) {
  // A milestone that counts no files has none to list: no request (five fewer on a new project's page).
  // Only an answer that says 0 skips it: one without the count (an API process not yet updated,
  // during a rolling deploy) is asked as before.
  const anyFiles = m.attachment_count !== 0;
  const files = useAttachments(milestoneEvidence(m.original_id), anyFiles);
  // A member whose company role does not add evidence reads the files, and why there is no upload (issue 37).
  const adds = useCompanyPermission('evidence.upload');
  if (files.isError) return <p role="alert">{errorMessage(files.error)}</p>;
  const listed = files.data ?? (anyFiles ? undefined : []);
  if (!listed) return <p className="el-muted">Loading the files…</p>;
  const uploads = adds.allowed ? uploadsOf(m) : { terms: [], rejection: [], completion: null };
  const of = (to: AttachmentView['to']) => listed.filter((f) => f.to === to);
  const termFiles = of('version');
  const rejectionFiles = of('rejection');
  const completionFiles = of('completion');
  const openTerms = new Set(uploads.terms.map((u) => (u.target.to === 'version' ? u.target.versionId : 0)));
  const parts = [
    {
      key: 'terms',
      heading: 'Files of the terms',
      files: termFiles,
      uploads: uploads.terms,
      mayRemove: (f: AttachmentView) => openTerms.has(f.version_id ?? -1),
    },
    { key: 'rejection', heading: 'Why it was rejected', files: rejectionFiles, uploads: uploads.rejection, mayRemove: () => true },
    {
      key: 'completion',
      heading: 'Evidence of the work',
      files: completionFiles,
      uploads: uploads.completion ? [uploads.completion] : [],
      mayRemove: () => uploads.completion !== null,
    },
  ].filter((p) => p.files.some((f) => !f.removed) || p.uploads.length > 0 || (p.key === 'completion' && m.is_current));
  if (parts.length === 0) return null;
  return (
    <section aria-label="Files" className="el-files-panel">
      <h4>Files</h4>
      {adds.reason && <p className="el-muted">{adds.reason}</p>}
      {parts.map((p) => (
        <section key={p.key} aria-label={p.heading} className="el-files-part">
          <h5>{p.heading}</h5>
          <AttachmentList
            files={p.files}
            owner={milestoneEvidence(m.original_id)}
            viewerId={currentUserId}
            label={p.heading}
            mayRemove={p.mayRemove}
            empty={p.key === 'completion' ? 'No photos or reports of the work yet.' : 'No files yet.'}
            note={p.key === 'completion' ? undefined : (f) => `For ${versionWord(m, f)}`}
          />
          {p.uploads.map((u) => (
            <AttachmentUploader
              key={`${u.target.to}-${'versionId' in u.target ? u.target.versionId : ''}`}
              owner={milestoneEvidence(m.original_id)}
              target={u.target}
              label={u.label}
            />
          ))}
        </section>
      ))}
    </section>
  );
}
