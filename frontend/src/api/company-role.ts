import { type CompanyAction, type CompanyRole, DEFAULT_SIGNING_POLICY, mayDo, roleRefusalMessage } from '@escrow/domain';

import { isLoggedIn, useCurrentUser } from './current-user';

/*
 * What the signed-in member's company role allows (issue 37), from `GET /api/user`'s
 * `company_role` and `signing_policy` and the domain's one permission table (`mayDo`): screens hide
 * what the role may not do and say why where a person would look for it. The API still decides.
 */

interface CompanyPermission {
  allowed: boolean;
  /** Why not, in the API's own words (null when allowed). */
  reason: string | null;
  role: CompanyRole | null;
}

/** May the signed-in member do this? Someone without a company role (a buyer, an administrator) has nothing to hide by: the API decides. */
export function useCompanyPermission(action: CompanyAction): CompanyPermission {
  const { data } = useCurrentUser();
  const user = isLoggedIn(data) ? data : null;
  const role = user?.company_role ?? null;
  const settings = { signing_policy: user?.signing_policy ?? DEFAULT_SIGNING_POLICY };
  // Not known yet: nothing is offered (the portal's frames wait for the user before drawing a screen anyway).
  if (data === undefined) return { allowed: false, reason: null, role };
  if (role === null) return { allowed: true, reason: null, role };
  const allowed = mayDo(role, action, settings);
  return { allowed, reason: allowed ? null : roleRefusalMessage(action, settings), role };
}
