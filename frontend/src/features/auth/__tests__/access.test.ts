import { describe, expect, it } from 'vitest';

import { formatPhoneInput } from '../../../lib/format';
import { accountLinkOf, passes, redirectAfterFailedCheck } from '../access';

const buyer = { user_id: 4, role: undefined, company: null };
const seller = { user_id: 5, company: { company_id: 1, name: 'X', primary_company_name: 'X' } };
const admin = { user_id: 6, role: 'admin', company: null };

describe('access checks of docs/product.md#access-checks', () => {
  it.each([
    ['user', {}, false],
    ['user', buyer, true],
    ['customer', buyer, true],
    ['customer', admin, false],
    ['customer', {}, false],
    ['company', seller, true],
    ['company', buyer, false],
    ['admin', admin, true],
    ['admin', seller, false],
    ['infoOnly', {}, true],
  ] as const)('%s for %j is %s', (check, user, expected) => {
    expect(passes(check, user as never)).toBe(expected);
  });

  it('sends the Account link to /admin, /login or /portal by role (docs/product.md#header-and-footer)', () => {
    expect(accountLinkOf({ role: 'admin' })).toBe('/admin');
    expect(accountLinkOf({ role: 'support' })).toBe('/login');
    expect(accountLinkOf({ role: undefined })).toBe('/portal');
  });

  it('redirects a failed check to / for non-admins and /admin for admins', () => {
    expect(redirectAfterFailedCheck(admin as never)).toBe('/admin');
    expect(redirectAfterFailedCheck(buyer as never)).toBe('/');
  });

  it('formats phones as (XXX) XXX-XXXX while typing (docs/product.md#new-buyer-form)', () => {
    expect(formatPhoneInput('555')).toBe('(555');
    expect(formatPhoneInput('5551234')).toBe('(555) 123-4');
    expect(formatPhoneInput('555.123.45678')).toBe('(555) 123-4567');
    expect(formatPhoneInput('(555) 123-4567').length).toBeGreaterThan(13);
  });
});
