import { formatPhone, isEmail, normalizeEmail, normalizePhone } from './phone';

describe('phone and email normalisation', () => {
  it.each(['(555) 123-4567', '555.123.4567', '5551234567', '+1 555 123 4567', '555-123-4567'])('reads %s as 5551234567', (input) => {
    expect(normalizePhone(input)).toBe('5551234567');
  });

  it.each(['555123456', '55512345678', '', 'call me', '2555123456789'])('refuses %s', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it('formats 10 digits as (XXX) XXX-XXXX', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
  });

  it('removes spaces from emails and lower-cases them', () => {
    expect(normalizeEmail('  Jane.Doe @Example.COM ')).toBe('jane.doe@example.com');
    expect(isEmail('jane.doe@example.com')).toBe(true);
    expect(isEmail('jane.doe@')).toBe(false);
  });
});
