import { InboxOutlined } from '@ant-design/icons';
import { Button, Progress, Upload } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';

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
  // antd's drop zone (a role=button span that takes the focus) passes no aria props on: the hint
  // is tied to it here, so a screen reader reads what may be attached with the button.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('[role=button]')?.setAttribute('aria-describedby', hintId);
  }, [hintId]);
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

  return (
    <div className="el-uploader" ref={box}>
      <Upload.Dragger
        multiple
        showUploadList={false}
        // Every file goes through send(); antd's own request never runs.
        beforeUpload={(file) => {
          send(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <span className="el-uploader__inner">
          <InboxOutlined aria-hidden="true" className="el-uploader__icon" />
          <span className="el-uploader__label">{label}</span>
          <span className="el-uploader__drop">{DROP_HERE}</span>
        </span>
      </Upload.Dragger>
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
                  <Progress percent={s.percent} size="small" aria-label={`Sending ${s.name}`} />
                  <Button size="small" onClick={() => s.abort.abort()} aria-label={`Cancel ${s.name}`}>
                    Cancel
                  </Button>
                </>
              ) : (
                <>
                  <span role="alert" className="el-uploader__error">
                    {s.name} was not attached: {s.error}
                  </span>
                  <Button size="small" onClick={() => update(s.uid, null)} aria-label={`Dismiss ${s.name}`}>
                    Dismiss
                  </Button>
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
