import { formatPhoneInput } from '../../../lib/format';

export const NO_BUYERS_FOUND = 'No users found with that search. If they are not a user yet, please click Create New Buyer';
export const NO_COMPANIES_FOUND = 'No companies found.';
/** The API's own words for the same refusal. */
export const NO_MILESTONE_YET = 'Add at least one milestone before submitting the project.';

/** A buyer or a seller as the new-project screen holds it. */
export interface Party {
  id: number;
  name: string;
}

/** The new-buyer form is valid when first, last and email are filled and the formatted phone is longer than 13 characters (docs/product.md#new-buyer-form). */
export function newBuyerValid(b: { first_name: string; last_name: string; email: string; phone: string }): boolean {
  return Boolean(b.first_name.trim() && b.last_name.trim() && b.email.trim()) && formatPhoneInput(b.phone).length > 13;
}
