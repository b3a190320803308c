import { BILLING_MEMBER_ACTIONS, type BillingMemberAction } from '@escrow/domain';

import { useCompanyPermissions } from '../../../api/company-role';

/**
 * What the signed-in member's company role allows on the Billing tab, by the entry of the domain's
 * BILLING_MEMBER_ACTIONS the API's guard checks on the same route: a button is enabled only when
 * the role may, and otherwise the refusal says who can. A buyer or the certifier has no company
 * role to check; the API decides again either way.
 */
export function useBillingPermissions() {
  const may = useCompanyPermissions();
  return (action: BillingMemberAction) => may(BILLING_MEMBER_ACTIONS[action]);
}

/** Who can do what this member may not, once each ("Only the company's owner and project managers can …"). */
export function RoleReasons({ reasons }: { reasons: readonly (string | null)[] }) {
  return [...new Set(reasons.filter((r): r is string => r !== null))].map((reason) => (
    <p key={reason} className="el-muted">
      {reason}
    </p>
  ));
}
