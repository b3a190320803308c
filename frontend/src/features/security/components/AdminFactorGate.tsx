import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { isLoggedIn, useCurrentUser } from '../../../api/current-user';
import { ExclamationCircleFilledIcon } from '../../../components/icons';
import { lazyThemed } from '../../../components/lazy-antd';
import { Notice } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { onAccountRefusal } from '../../../lib/step-up';

// Only an administrator without a second factor sees the enrolment: its antd form loads then.
const TotpEnrolment = lazyThemed(() => import('./TotpEnrolment'), 'TotpEnrolment');

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
        if (refusal.code === 'second_factor_required' && refusal.url.startsWith('/admin')) setRefused(true);
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
      <div style={{ maxWidth: 760 }}>
        <Notice tone="warning" icon={<ExclamationCircleFilledIcon />}>
          {CONSOLE_CLOSED_WHY}
        </Notice>
      </div>
      <div style={{ maxWidth: 560 }}>
        <Suspense fallback={<Spinner label="Loading the authenticator set-up…" />}>
          <TotpEnrolment
            onDone={() => {
              setRefused(false);
              setEnrolling(false);
              void queryClient.invalidateQueries();
            }}
          />
        </Suspense>
        <p style={{ marginTop: space.base }}>
          <Link to="/portal/account/security">Add a passkey instead on your security page</Link>
        </p>
      </div>
    </div>
  );
}
