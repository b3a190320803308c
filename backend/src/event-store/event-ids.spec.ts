import { createHash } from 'node:crypto';

import { canonicalJson, eventIdFromKey } from './event-ids';

/** The hand-written v5 derivation these ids were made with before: stored ids must not change. */
function referenceId(scope: string, key: string, index: number): string {
  const hash = createHash('sha1').update(Buffer.from('4f0c5b8e2d7a4e3f9b61c3a8d2e7f015', 'hex')).update(`${scope}\u0000${key}\u0000${index}`).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('eventIdFromKey', () => {
  it('derives the same RFC 4122 v5 id for the same scope, key and index', () => {
    const id = eventIdFromKey('user-7:approve', 'key-1', 0);
    expect(id).toBe(eventIdFromKey('user-7:approve', 'key-1', 0));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps the ids already stored: equal to the derivation they were made with', () => {
    for (const [scope, key, index] of [
      ['7:milestone-5001', 'deposit-key-0001', 0],
      ['0:milestone-9', 'provider-debit-301', 3],
      ['42:job-1000', 'ünïcødé-键', 1],
    ] as const) {
      expect(eventIdFromKey(scope, key, index)).toBe(referenceId(scope, key, index));
    }
  });

  it('differs by scope, key and index', () => {
    const ids = new Set([
      eventIdFromKey('user-7:approve', 'key-1', 0),
      eventIdFromKey('user-8:approve', 'key-1', 0),
      eventIdFromKey('user-7:approve', 'key-2', 0),
      eventIdFromKey('user-7:approve', 'key-1', 1),
    ]);
    expect(ids.size).toBe(4);
  });
});

describe('canonicalJson (RFC 8785)', () => {
  it('orders keys and writes numbers as the scheme says, whatever order they came in', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: '1' }], c: 1e21 })).toBe('{"a":[{"x":"1","y":2}],"b":1,"c":1e+21}');
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
    expect(canonicalJson(undefined)).toBe('null');
  });
});
