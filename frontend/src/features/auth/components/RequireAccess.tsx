import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../api/get-current-user';
import { useLogout } from '../api/logout';
import { passes, redirectAfterFailedCheck, type AccessCheck } from '../access';
import { Spinner } from '../../../components/Spinner';

/**
 * Renders its children only when every check of spec §6 passes. A failed check clears the
 * current user, logs out and redirects (/ for non-admins, /admin for admins).
 */
export function RequireAccess({ checks, children }: { checks: AccessCheck[]; children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const handled = useRef(false);
  const allowed = !isPending && checks.every((check) => passes(check, user));

  useEffect(() => {
    if (isPending || allowed || handled.current) return;
    handled.current = true;
    const target = redirectAfterFailedCheck(user);
    logout.mutate(undefined, { onSettled: () => navigate(target, { replace: true }) });
  }, [isPending, allowed, user, logout, navigate]);

  if (!allowed) return <Spinner label="Checking your access…" />;
  return <>{children}</>;
}
