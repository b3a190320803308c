import { MONEY, moneyText } from './entity-columns';

describe('money columns', () => {
  it('are numeric(20,2) read and written as two-decimal strings', () => {
    expect(MONEY).toMatchObject({ type: 'numeric', precision: 20, scale: 2 });
    expect(moneyText.from('1234.50')).toBe('1234.50');
    expect(moneyText.to('999999999.99')).toBe('999999999.99');
    expect(moneyText.to(null)).toBeNull();
  });

  it('refuse a JS number on the way in', () => {
    expect(() => moneyText.to(0.1 + 0.2)).toThrow('never as the number 0.30000000000000004');
  });
});
