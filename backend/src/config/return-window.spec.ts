import { clearsAt, describeReturnWindow, parseReturnWindow } from './return-window';

describe('the ACH return window', () => {
  it('reads business days, seconds and milliseconds, and refuses anything else', () => {
    expect(parseReturnWindow('2bd')).toEqual({ unit: 'business-days', days: 2 });
    expect(parseReturnWindow('5s')).toEqual({ unit: 'ms', ms: 5000 });
    expect(parseReturnWindow('250ms')).toEqual({ unit: 'ms', ms: 250 });
    expect(parseReturnWindow(undefined)).toBeNull();
    expect(() => parseReturnWindow('two days')).toThrow('PAYMENTS_RETURN_WINDOW must look like "2bd"');
  });

  it('skips the weekend: a Friday settlement clears on Tuesday', () => {
    const friday = new Date('2026-11-20T15:00:00.000Z');
    expect(clearsAt(friday, { unit: 'business-days', days: 2 }).toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(clearsAt(friday, { unit: 'ms', ms: 5000 }).toISOString()).toBe('2026-11-20T15:00:05.000Z');
    expect(describeReturnWindow({ unit: 'business-days', days: 2 })).toBe('2 business days');
  });
});
