import { useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { isLoggedIn, useCurrentUser } from '../../../api/current-user';
import { onAccountRefusal } from '../../../lib/step-up';
import { TotpEnrolment } from './TotpEnrolment';

export const CONSOLE_CLOSED = 'Set up a second factor to open the administrator console';
const CONSOLE_CLOSED_WHY =
  'Administrators decide where money goes, so the console opens only for an account with a second factor. Add your authenticator app below (or a passkey on your security page); then the console opens.';

/**
 * The administrator console stays closed until its user has a second factor (issue 25): closed when
 * `GET /api/user` says there is none, or when any admin API answers 403 `second_factor_required`.
 */
export function AdminFactorGate({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState(false);
  useEffect(
    () =>
      onAccountRefusal((refusal) => {
        if (refusal.reason === 'second_factor_required' && refusal.url.startsWith('/admin')) setRefused(true);
      }),
    [],
  );
  const noFactor = isLoggedIn(user) && user.security?.second_factor === false;
  // Once closed, it stays closed until the enrolment is done: the recovery codes show first.
  const [enrolling, setEnrolling] = useState(false);
  const closed = noFactor || refused;
  if (closed && !enrolling) setEnrolling(true);
  if (!closed && !enrolling) return <>{children}</>;
  return (
    <div className="el-container el-admin" data-testid="admin-console-closed">
      <h1>{CONSOLE_CLOSED}</h1>
      <Alert type="warning" showIcon title={CONSOLE_CLOSED_WHY} style={{ marginBottom: 16, maxWidth: 760 }} />
      <div style={{ maxWidth: 560 }}>
        <TotpEnrolment
          onDone={() => {
            setRefused(false);
            setEnrolling(false);
            void queryClient.invalidateQueries();
          }}
        />
        <p style={{ marginTop: 16 }}>
          <Link to="/portal/account/security">Add a passkey instead on your security page</Link>
        </p>
      </div>
    </div>
  );
}
