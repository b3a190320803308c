import type { AttachmentView } from '@escrow/domain';
import { Suspense, useState } from 'react';

import { lazyThemed } from '../../../components/lazy-antd';
import { LightButton } from '../../../components/LightButton';
import { useToasts } from '../../../components/toasts/toasts';
import { errorMessage } from '../../../lib/api-client';
import type { EvidenceOwner } from '../api/owner';
import { useRemoveAttachment } from '../api/remove-attachment';
import { FileHashes } from './FileHashes';
import { attachedAt, attachedBy, fileSize, removedText } from './texts';

// The list is plain HTML; Remove's confirmation (antd's Popconfirm) loads when Remove is first reached.
const loadRemoveConfirm = () => import('./RemoveConfirm');
const RemoveConfirm = lazyThemed(loadRemoveConfirm, 'RemoveConfirm', { bare: true });

/**
 * Files as thumbnails (images) and rows: name (a download), size, who in which role, when, and
 * the SHA-256s the ledger recorded (FileHashes), shown short, read out and copied whole. Removed files are
 * hidden until asked for; then they show muted, and only administrators may still download them.
 * `mayRemove` says whether a file's target is still open; only its uploader sees Remove.
 */
export function AttachmentList({
  files,
  owner,
  viewerId,
  viewerIsAdmin = false,
  label,
  mayRemove = () => false,
  empty = 'No files yet.',
  note,
}: {
  files: AttachmentView[];
  owner: EvidenceOwner;
  viewerId: number;
  viewerIsAdmin?: boolean;
  /** The list's accessible name, e.g. "Evidence of the work". */
  label: string;
  mayRemove?: (file: AttachmentView) => boolean;
  empty?: string;
  /** A word on each file, e.g. which version it belongs to. */
  note?: (file: AttachmentView) => string;
}) {
  const [showRemoved, setShowRemoved] = useState(false);
  const removedCount = files.filter((f) => f.removed).length;
  const shown = files.filter((f) => showRemoved || !f.removed);
  const images = shown.filter((f) => f.thumbnail_url && !f.removed);
  return (
    <div className="el-files">
      {images.length > 0 && (
        <ul className="el-files__gallery" aria-label={`${label}: pictures`}>
          {images.map((f) => (
            <li key={f.attachment_id}>
              <a href={f.download_url} download={f.name} title={f.name}>
                <img src={f.thumbnail_url!} alt={f.name} loading="lazy" width={120} height={90} />
              </a>
            </li>
          ))}
        </ul>
      )}
      {shown.length === 0 ? (
        <p className="el-muted">{empty}</p>
      ) : (
        <ul className="el-files__rows" aria-label={label}>
          {shown.map((f) => (
            <FileRow
              key={f.attachment_id}
              file={f}
              owner={owner}
              viewerId={viewerId}
              downloadable={!f.removed || viewerIsAdmin}
              removable={!f.removed && f.by.user_id === viewerId && mayRemove(f)}
              note={note?.(f)}
            />
          ))}
        </ul>
      )}
      {removedCount > 0 && (
        <label className="el-checkbox">
          <input type="checkbox" checked={showRemoved} onChange={(e) => setShowRemoved(e.target.checked)} />
          <span>Show removed files ({removedCount})</span>
        </label>
      )}
    </div>
  );
}

function FileRow({
  file: f,
  owner,
  viewerId,
  downloadable,
  removable,
  note,
}: {
  file: AttachmentView;
  note?: string;
  owner: EvidenceOwner;
  viewerId: number;
  downloadable: boolean;
  removable: boolean;
}) {
  const { message } = useToasts();
  const remove = useRemoveAttachment(owner);
  return (
    <li className={f.removed ? 'el-files__row el-files__row--removed' : 'el-files__row'}>
      <div className="el-files__name">
        {downloadable ? (
          <a href={f.download_url} download={f.name}>
            {f.name}
          </a>
        ) : (
          <span>{f.name}</span>
        )}{' '}
        <span className="el-muted">{fileSize(f.size)}</span>
        {f.removed && <span className="el-files__removed"> Removed {attachedAt(f.removed.at)}</span>}
      </div>
      <div className="el-muted el-files__meta">
        {note && `${note} · `}Added by {attachedBy(f, viewerId)}, <time dateTime={f.at}>{attachedAt(f.at)}</time>
      </div>
      <FileHashes file={f}>
        {removable && (
          <RemoveButton
            name={f.name}
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutateAsync(f.attachment_id).then(
                () => void message.success(removedText(f.name)),
                (e: unknown) => void message.error(errorMessage(e)),
              )
            }
          />
        )}
      </FileHashes>
    </li>
  );
}

/**
 * Remove, then its confirmation. Until the confirmation's code is in, Remove is a plain button (the
 * code is fetched when the pointer or the focus reaches it); a press meanwhile is kept and opens the
 * confirmation as soon as it arrives, the focus still on Remove.
 */
function RemoveButton({ name, pending, onConfirm }: { name: string; pending: boolean; onConfirm: () => void }) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const preload = () => void loadRemoveConfirm().catch(() => undefined);
  const button = (props: Parameters<typeof LightButton>[0]) => (
    <LightButton size="small" variant="link" danger loading={pending} aria-label={`Remove ${name}`} {...props}>
      Remove
    </LightButton>
  );
  if (!wanted)
    return button({
      onPointerEnter: preload,
      onFocus: preload,
      onClick: (event) => {
        setRefocus(document.activeElement === event.currentTarget);
        setWanted(true);
        setOpen(true);
      },
    });
  return (
    <Suspense fallback={button({ autoFocus: refocus })}>
      <RemoveConfirm name={name} open={open} onOpenChange={setOpen} onConfirm={onConfirm}>
        {button({ autoFocus: refocus })}
      </RemoveConfirm>
    </Suspense>
  );
}
