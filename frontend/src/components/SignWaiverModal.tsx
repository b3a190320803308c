import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';

import { isOwnLegalName, legalNameOf } from '../api/agreement';
import { useSignWaiver } from '../api/waivers';
import { errorMessage } from '../lib/api-client';
import type { SignWaiverDialogProps } from './sign-waiver-props';
import { useToasts } from './toasts/toasts';

const KIND_WORDS = { conditional: 'Conditional', unconditional: 'Unconditional' } as const;

/** The dialog of SignWaiverDialog, loaded when a waiver is first opened for signing. */
export default function SignWaiverModal({ waiver, projectId, mId, payoutId, user, onClose }: SignWaiverDialogProps & { open: boolean }) {
  const sign = useSignWaiver();
  const { message } = useToasts();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const legalName = legalNameOf(user);
  const submit = () => {
    if (!waiver?.waiver_hash) return;
    if (!typed.trim()) return setProblem('Type your full name to sign.');
    if (!isOwnLegalName(typed, user)) return setProblem(`Sign with your own legal name as it is on your account: ${legalName}.`);
    setProblem(null);
    sign.mutate(
      { mId, projectId, payoutId, payment: waiver.payment, mp_id: waiver.mp_id, kind: waiver.kind, signed_name: typed, waiver_hash: waiver.waiver_hash },
      {
        onSuccess: () => {
          void message.success('Lien waiver signed.');
          setTyped('');
          onClose();
        },
        onError: (e) => setProblem(errorMessage(e)),
      },
    );
  };
  const inputId = `waiver-name-${mId}-${waiver?.payment}-${waiver?.mp_id}-${waiver?.kind}`;
  return (
    <Modal
      open={waiver !== null}
      title={waiver ? `${KIND_WORDS[waiver.kind]} lien waiver (${waiver.site_state})` : 'Lien waiver'}
      okText="Sign the waiver"
      onOk={submit}
      confirmLoading={sign.isPending}
      onCancel={onClose}
      width={760}
      destroyOnHidden
    >
      {waiver?.text && (
        <pre className="el-agreement" aria-label="Waiver text">
          {waiver.text}
        </pre>
      )}
      <label className="el-field" htmlFor={inputId}>
        Type your full legal name to sign
        <Input id={inputId} autoComplete="name" value={typed} onChange={(e) => setTyped(e.target.value)} aria-describedby={`${inputId}-hint`} />
      </label>
      <p id={`${inputId}-hint`} className="el-muted">
        As on your account: {legalName}
      </p>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
    </Modal>
  );
}
