import { type CompanyAction, type CompanyRole, DEFAULT_SIGNING_POLICY, mayDo, type MemberAction, roleRefusalMessage } from '@escrow/domain';

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
}

/** What the signed-in member may do, asked action by action (a card asks several with one read of the user). */
export function useCompanyPermissions(): (action: MemberAction) => CompanyPermission {
  const { data, isPending } = useCurrentUser();
  const user = isLoggedIn(data) ? data : null;
  const role: CompanyRole | null = user?.company_role ?? null;
  const settings = { signing_policy: user?.signing_policy ?? DEFAULT_SIGNING_POLICY };
  return (action) => {
    // Not known yet: nothing is offered (the portal's frames wait for the user before drawing a
    // screen anyway). Not knowable (the ask failed), or no company role (a buyer, an
    // administrator): nothing to hide by, the API decides.
    if (isPending) return { allowed: false, reason: null };
    if (role === null || mayDo(role, action, settings)) return { allowed: true, reason: null };
    return { allowed: false, reason: roleRefusalMessage(action, settings) };
  };
}

/** May the signed-in member do this one action? */
export function useCompanyPermission(action: CompanyAction): CompanyPermission {
  return useCompanyPermissions()(action);
}
