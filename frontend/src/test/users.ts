import type { CompanyRole, SigningPolicy, UserObject } from '@escrow/domain';

/** A signed-in member of Saguaro Build Co. in `role` (issue 37); `null`: a person without a company role (a buyer). */
export function signedIn(role: CompanyRole | null, signing_policy: SigningPolicy = 'owner_only'): UserObject {
  return {
    user_id: 21,
    first_name: 'Dana',
    last_name: 'Pruitt',
    phone: null,
    email: 'dana@saguaro.test',
    display_name: 'Dana Pruitt',
    company: role ? { company_id: 100, name: 'Saguaro Build Co.', primary_company_name: 'Saguaro Build Co.' } : null,
    permissions: { user: true },
    company_role: role,
    signing_policy: role ? signing_policy : null,
  };
}
