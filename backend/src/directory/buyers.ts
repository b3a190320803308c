import type { ProjectBuyerView } from '@escrow/domain';

import type { UserRow } from '../identity';

export const PHONE_NEEDS_TEN_DIGITS = 'Enter all 10 digits of the phone number.';

/** A buyer as the new-project screen shows it (docs/product.md#new-project-screen). */
export function buyerView(row: UserRow): ProjectBuyerView {
  return {
    customer_id: row.user_id,
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    email: row.email,
    customer_name: `${row.first_name} ${row.last_name}`.trim(),
  };
}
