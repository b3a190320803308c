import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';

import { currentUserKey } from '../../../api/current-user';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { confirmEmail, verifyEmail } from '../api/email-password';
import { securityKeys } from '../api/types';

const EMAIL_VERIFIED = 'Your email address is verified.';
const EMAIL_CONFIRMED = 'Your new email address is confirmed: use it to sign in from now on.';

/**
 * Opens a link from a mail (issue 25): /verify-email/:code verifies the address, /confirm-email/:code
 * confirms a changed one. The code is sent once (a query, so a second render does not spend it again).
 */
export function EmailLinkOutcome({ kind, code }: { kind: 'verify' | 'confirm'; code: string }) {
  const queryClient = useQueryClient();
  const outcome = useQuery({
    queryKey: [...securityKeys.all, 'email-link', kind, code],
    queryFn: () => (kind === 'verify' ? verifyEmail(code) : confirmEmail(code)).then(() => true),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const { isSuccess } = outcome;
  useEffect(() => {
    if (isSuccess) void queryClient.invalidateQueries({ queryKey: currentUserKey() });
  }, [isSuccess, queryClient]);
  if (outcome.isPending) return <Spinner label="Checking your link…" />;
  return (
    <>
      {outcome.isError ? (
        <Alert type="error" showIcon title={errorMessage(outcome.error)} description="Ask for a new link from your account's security page." />
      ) : (
        <Alert type="success" showIcon title={kind === 'verify' ? EMAIL_VERIFIED : EMAIL_CONFIRMED} />
      )}
      <p style={{ marginTop: space.base }}>
        <Link to="/portal">Go to the portal</Link> · <Link to="/portal/account/security">Your security settings</Link>
      </p>
    </>
  );
}
