import '../../features/admin/components/admin.css';

import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { AdminIdentity, type AdminIdentityValue } from '../../features/admin/roles';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { authKeys, isLoggedIn } from '../../features/auth/api/types';
import { RequireAccess } from '../../features/auth/components/RequireAccess';
import { AdminFactorGate } from '../../features/security/components/AdminFactorGate';

export const ADMIN_SECTIONS = [
  { key: '/admin/dashboard', label: 'Dashboard' },
  { key: '/admin/projects', label: 'Projects' },
  { key: '/admin/payments', label: 'Payments' },
  { key: '/admin/reports', label: 'Reports' },
  { key: '/admin/disputes', label: 'Disputes' },
  { key: '/admin/users', label: 'Users' },
  { key: '/admin/contractors', label: 'Contractors' },
  { key: '/admin/operations', label: 'Operations' },
  { key: '/admin/webhooks', label: 'Webhooks' },
  { key: '/admin/security-log', label: 'Security log' },
  // The administrator's own second factors, sessions and log (the portal's page, open to admins too).
  { key: '/portal/account/security', label: 'Your sign-in and security' },
] as const;

function sectionOf(pathname: string): string {
  if (pathname === '/admin' || pathname === '/admin/') return '/admin/dashboard';
  if (pathname.startsWith('/admin/job/')) return '/admin/projects';
  if (pathname.startsWith('/admin/companies/')) return '/admin/contractors';
  return ADMIN_SECTIONS.find((s) => pathname.startsWith(s.key))?.key ?? '';
}

/** Who is administering, and with which role (GET /api/user's admin_role), for features/admin/roles. */
function useAdminIdentityOfSession(): AdminIdentityValue {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const me = isLoggedIn(user.data) ? user.data : null;
  const userId = me?.user_id ?? null;
  const role = me?.admin_role ?? null;
  return useMemo(
    () => ({ userId, role, refresh: () => void queryClient.invalidateQueries({ queryKey: authKeys.currentUser() }) }),
    [userId, role, queryClient],
  );
}

/**
 * The console's frame without the antd theme: admins only (docs/product.md#access-checks), the second-factor gate, and on
 * every console screen but the bare signed document the section menu; the text of antd's App box.
 * For a screen whose first paint has no antd (the dashboard); the others take `AdminShell`.
 */
export function AdminFrame({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  const { pathname } = useLocation();
  const identity = useAdminIdentityOfSession();
  return (
    <AdminIdentity value={identity}>
      <RequireAccess checks={['admin']}>
        <AdminFactorGate>
          {!bare && (
            // Every section is a plain link that wraps onto more lines on a narrow screen: none hides in an overflow menu.
            <nav className="el-container el-admin__nav" aria-label="Admin sections">
              <ul className="el-admin__sections">
                {ADMIN_SECTIONS.map((s) => (
                  <li key={s.key}>
                    <Link to={s.key} aria-current={sectionOf(pathname) === s.key ? 'page' : undefined}>
                      {s.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className="el-container el-admin">{children}</div>
        </AdminFactorGate>
      </RequireAccess>
    </AdminIdentity>
  );
}
