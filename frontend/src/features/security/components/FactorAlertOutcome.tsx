import type { FactorAlert } from '@escrow/domain';
import { Alert, Button, Flex } from 'antd';
import { Link } from 'react-router-dom';

import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useFactorAlert, useUndoAddedFactor } from '../api/factor-alerts';
import { formatWhen } from './format';

const LINK_GONE = 'This link was used already or is too old. If you think someone else uses your account, reset your password now.';

function whatWasAdded(alert: FactorAlert): string {
  switch (alert.kind) {
    case 'passkey':
      return `A passkey named "${alert.name ?? ''}" was added`;
    case 'totp':
      return 'An authenticator app was added';
    case 'recovery_codes':
      return 'A new set of recovery codes was made';
  }
}

/**
 * /not-me/:code, the link of the mail about an added second factor (issue 35). Opening it changes
 * nothing (mail scanners open links too): the page says what was added, and only the button
 * removes it, ends every session of the account and asks for a new password.
 */
export function FactorAlertOutcome({ code }: { code: string }) {
  const alert = useFactorAlert(code);
  const undo = useUndoAddedFactor();
  if (alert.isPending) return <Spinner label="Checking your link…" />;
  if (undo.isSuccess)
    return (
      <Alert
        type="success"
        showIcon
        title={undo.data.message}
        description="Open the link in the email we just sent to choose a new password, then review your second factors on your security page."
      />
    );
  if (alert.isError)
    return (
      <Flex vertical gap="middle">
        <Alert type="error" showIcon title={errorMessage(alert.error)} description={LINK_GONE} />
        <p>
          <Link to="/password/forgot">Reset your password</Link>
        </p>
      </Flex>
    );
  const a = alert.data;
  return (
    <Flex vertical gap="middle" align="flex-start">
      <p>
        {whatWasAdded(a)} to your Escrow Ledger account on {formatWhen(a.added_at)}.{a.still_there ? '' : ' It has been removed since.'}
      </p>
      <p>
        If it was not you, we remove it, sign your account out everywhere (this browser too) and email you a link to choose a new password: nobody can log in
        until then. If it was you, close this page: nothing changes.
      </p>
      <Button type="primary" danger onClick={() => undo.mutate(code)} loading={undo.isPending}>
        It wasn&apos;t me: remove it and sign out everywhere
      </Button>
      {undo.isError && <Alert type="error" showIcon title={errorMessage(undo.error)} />}
    </Flex>
  );
}
