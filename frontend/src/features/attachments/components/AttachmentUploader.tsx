import { type DragEvent, type KeyboardEvent, useId, useRef, useState } from 'react';

import { InboxOutlinedIcon } from '../../../components/icons';
import { LightButton } from '../../../components/LightButton';
import { errorMessage } from '../../../lib/api-client';
import { type AttachmentTarget, useAttachFile } from '../api/attach-file';
import type { EvidenceOwner } from '../api/owner';
import { ALLOWED_FILES, attachedText, DROP_HERE } from './texts';

interface Sending {
  uid: string;
  name: string;
  percent: number;
  /** null while it is on its way; the API's refusal once it failed. */
  error: string | null;
  abort: AbortController;
}

/**
 * Drag and drop (or choose with Enter or Space) one or more files; each shows its progress and a
 * Cancel button while it is sent, and the API's refusal in its own words when it fails (the type,
 * the size, a closed target). Done files leave this list: they appear in the files above, and the
 * live region says so. The server decides what it takes, so the dropped files are not filtered here:
 * a file of another type is refused with the API's sentence rather than silently dropped.
 */
export function AttachmentUploader({ owner, target, label }: { owner: EvidenceOwner; target: AttachmentTarget; label: string }) {
  const attach = useAttachFile(owner);
  const [sending, setSending] = useState<Sending[]>([]);
  const [said, setSaid] = useState('');
  const hintId = useId();
  const seq = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const update = (uid: string, change: Partial<Sending> | null) =>
    setSending((list) => (change ? list.map((s) => (s.uid === uid ? { ...s, ...change } : s)) : list.filter((s) => s.uid !== uid)));

  const send = (file: File) => {
    const uid = `${Date.now()}-${seq.current++}`;
    const abort = new AbortController();
    setSending((list) => [...list, { uid, name: file.name, percent: 0, error: null, abort }]);
    attach.mutate(
      { file, target, signal: abort.signal, onProgress: (percent) => update(uid, { percent }) },
      {
        onSuccess: () => {
          update(uid, null);
          setSaid(attachedText(file.name));
        },
        onError: (error) => {
          if (abort.signal.aborted) update(uid, null);
          else update(uid, { error: errorMessage(error) });
        },
      },
    );
  };

  const choose = () => input.current?.click();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    choose();
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    for (const file of event.dataTransfer.files) send(file);
  };

  return (
    <div className="el-uploader">
      {/* antd's drop zone (Upload.Dragger) as plain elements: a button that opens the file chooser and takes drops. */}
      <div
        className={`el-upload-drag${dragOver ? ' el-upload-drag--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
      >
        <span className="el-upload-drag__button" role="button" tabIndex={0} aria-describedby={hintId} onClick={choose} onKeyDown={onKeyDown}>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            // The chooser's own click must not reach the zone (it would open the chooser again).
            onClick={(event) => event.stopPropagation()}
            onChange={(event) => {
              for (const file of event.target.files ?? []) send(file);
              event.target.value = '';
            }}
          />
          <span className="el-upload-drag__container">
            <span className="el-uploader__inner">
              <InboxOutlinedIcon className="el-uploader__icon" />
              <span className="el-uploader__label">{label}</span>
              <span className="el-uploader__drop">{DROP_HERE}</span>
            </span>
          </span>
        </span>
      </div>
      <p id={hintId} className="el-muted el-uploader__hint">
        {ALLOWED_FILES}
      </p>
      {sending.length > 0 && (
        <ul className="el-uploader__sending" aria-label="Files being sent">
          {sending.map((s) => (
            <li key={s.uid}>
              <span className="el-uploader__name">{s.name}</span>
              {s.error === null ? (
                <>
                  <div
                    className="el-progress"
                    role="progressbar"
                    aria-valuenow={s.percent}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-label={`Sending ${s.name}`}
                  >
                    <span className="el-progress__rail">
                      <span className="el-progress__track" style={{ width: `${s.percent}%` }} />
                    </span>
                    <span className="el-progress__indicator">{s.percent}%</span>
                  </div>
                  <LightButton size="small" onClick={() => s.abort.abort()} aria-label={`Cancel ${s.name}`}>
                    Cancel
                  </LightButton>
                </>
              ) : (
                <>
                  <span role="alert" className="el-uploader__error">
                    {s.name} was not attached: {s.error}
                  </span>
                  <LightButton size="small" onClick={() => update(s.uid, null)} aria-label={`Dismiss ${s.name}`}>
                    Dismiss
                  </LightButton>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* Mounted all along, so what it says is announced. */}
      <p role="status" className="el-uploader__said">
        {said}
      </p>
    </div>
  );
}
