import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { Spinner } from '../../../components/Spinner';
import { type AccessCheck, LOGIN_TO_CONTINUE, loginPathFor, passes, redirectAfterFailedCheck, refusalNotice } from '../access';
import { useCurrentUser } from '../api/get-current-user';
import { useLogout } from '../api/logout';
import { isLoggedIn } from '../api/types';

/** A message carried to the next page in the location state (shown by the root layout). */
export interface NoticeState {
  notice?: string;
}

/**
 * Renders its children only when every check of docs/product.md#access-checks passes. A visitor who is not logged in
 * gets the login page, which brings them back here. A logged-in user whom a check refuses is
 * logged out and redirected (/ for non-admins, /admin for admins), and told why.
 */
export function RequireAccess({ checks, children }: { checks: AccessCheck[]; children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const handled = useRef(false);
  const failed = isPending ? undefined : checks.find((check) => !passes(check, user));

  useEffect(() => {
    if (isPending || failed === undefined || handled.current) return;
    handled.current = true;
    const here = `${location.pathname}${location.search}${location.hash}`;
    if (!isLoggedIn(user)) {
      // Nobody to log out: ask for the login and come back (keeping a notice that brought them here).
      const carried = (location.state as NoticeState | null)?.notice;
      navigate(loginPathFor(here), { replace: true, state: { notice: carried ?? LOGIN_TO_CONTINUE } satisfies NoticeState });
      return;
    }
    const target = redirectAfterFailedCheck(user);
    const notice = refusalNotice(failed);
    logout.mutate(undefined, { onSettled: () => navigate(target, { replace: true, state: { notice } satisfies NoticeState }) });
  }, [isPending, failed, user, logout, navigate, location]);

  if (isPending || failed !== undefined) return <Spinner label="Checking your access…" />;
  return <>{children}</>;
}
