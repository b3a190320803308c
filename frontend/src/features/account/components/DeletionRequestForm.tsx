import { Alert, Button, Input } from 'antd';
import { useState } from 'react';

import { Form } from '../../../components/Form';
import { space } from '../../../design/tokens';
import { normalizeEmail } from '../../../lib/format';
import { useTimedMessage } from '../../../lib/use-timed-flag';
import { useRequestAccountDeletion } from '../api/delete-account-request';

export const EMAIL_REQUIRED_WARNING = 'Please enter an email address.';
export const REQUEST_SENT = 'Request sent.';
export const DELETION_TAKES = 'Please allow up to 5 business days for the account to be deleted.';
export const DELETION_ERROR = 'There was an error sending your request. Please try again later.';

/** Idle → submitting → success or error (docs/product.md#deletion-request); an empty email warns for about 2 s (docs/product.md#deletion-request-email). */
export function DeletionRequestForm() {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [warning, showWarning] = useTimedMessage();
  const request = useRequestAccountDeletion();

  const submit = () => {
    if (request.isPending) return;
    const cleaned = normalizeEmail(email);
    if (!cleaned) {
      showWarning(EMAIL_REQUIRED_WARNING);
      return;
    }
    request.mutate({ email: cleaned, note: note.trim() });
  };

  if (request.isSuccess) {
    return <Alert type="success" showIcon title={REQUEST_SENT} description={DELETION_TAKES} />;
  }
  return (
    <Form layout="vertical" onFinish={submit} noValidate>
      <Form.Item label="Email" htmlFor="deletion-email">
        <Input id="deletion-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </Form.Item>
      {warning && <Alert type="warning" showIcon title={warning} style={{ marginBottom: space.base }} />}
      <Form.Item label="Note (optional)" htmlFor="deletion-note">
        <Input.TextArea id="deletion-note" rows={4} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
      </Form.Item>
      {request.isError && <Alert type="error" showIcon title="Error" description={DELETION_ERROR} style={{ marginBottom: space.base }} />}
      <Button type="primary" htmlType="submit" loading={request.isPending}>
        Request deletion
      </Button>
    </Form>
  );
}
