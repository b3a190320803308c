import { Alert, Button, Upload } from 'antd';
import { useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useBillingFiles, useUploadBillingFile } from '../api/billing-files';
import { TEXTS } from './texts';

/** The files `ids` names, as links to download them (a file the list does not hold yet is named by its id). */
export function BillingFileLinks({ projectId, ids, label }: { projectId: number; ids: readonly string[]; label: string }) {
  // Asked for only where a line or change order names files.
  const files = useBillingFiles(projectId, ids.length > 0);
  if (ids.length === 0) return null;
  const byId = new Map((files.data ?? []).map((f) => [f.attachment_id, f]));
  return (
    <ul className="el-billing-files" aria-label={label}>
      {ids.map((id) => {
        const file = byId.get(id);
        return <li key={id}>{file ? <a href={file.download_url}>{file.name}</a> : id}</li>;
      })}
    </ul>
  );
}

/**
 * Attach files (invoices, photos, drawings) to a line or a change order: each chosen file is
 * uploaded to the project's billing and its id added to `ids`; Remove takes it off this line only
 * (the billing keeps every file uploaded). The API's refusal shows in its words.
 */
export function BillingFilesField({
  projectId,
  ids,
  onChange,
  label,
}: {
  projectId: number;
  ids: readonly string[];
  onChange: (ids: string[]) => void;
  label: string;
}) {
  const upload = useUploadBillingFile(projectId);
  const files = useBillingFiles(projectId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const byId = new Map((files.data ?? []).map((f) => [f.attachment_id, f]));
  return (
    <div className="el-billing-files-field">
      {ids.length > 0 && (
        <ul className="el-billing-files" aria-label={`${label}: attached`}>
          {ids.map((id) => (
            <li key={id}>
              {byId.get(id)?.name ?? id}{' '}
              <Button size="small" type="link" aria-label={`Remove ${byId.get(id)?.name ?? id}`} onClick={() => onChange(ids.filter((x) => x !== id))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Upload
        showUploadList={false}
        multiple
        customRequest={({ file, onSuccess, onError, onProgress }) => {
          setRefusal(null);
          upload.mutate(
            { file: file as File, onProgress: (percent) => onProgress?.({ percent }) },
            {
              onSuccess: (added) => {
                onChange([...ids, added.attachment_id]);
                onSuccess?.(added);
              },
              onError: (error) => {
                setRefusal(errorMessage(error));
                onError?.(error as Error);
              },
            },
          );
        }}
      >
        <Button size="small" loading={upload.isPending} aria-label={label}>
          {TEXTS.attachFiles}
        </Button>
      </Upload>
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} />}
    </div>
  );
}
