import { describe, expect, it } from 'vitest';

import { newBuyerValid } from '../components/new-project.rules';

describe('the new-buyer rule of docs/product.md#new-buyer-form', () => {
  it('needs first name, last name, email and a formatted phone longer than 13 characters', () => {
    const ok = { first_name: 'A', last_name: 'B', email: 'a@b.co', phone: '(555) 123-4567' };
    expect(newBuyerValid(ok)).toBe(true);
    expect(newBuyerValid({ ...ok, phone: '(555) 123-456' })).toBe(false);
    expect(newBuyerValid({ ...ok, email: '' })).toBe(false);
    expect(newBuyerValid({ ...ok, first_name: ' ' })).toBe(false);
  });
});
