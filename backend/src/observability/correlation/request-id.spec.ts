import { requestIdOf } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it('takes a well-formed id from a trusted proxy', () => {
    for (const id of ['0b7c6e3e-5c1e-4f57-9d1b-0e1f3f7a9c11', '01HZX3K9Q4R8T6V2W0Y5B7N1M3', 'nginx-host.1:42', 'a'.repeat(128)]) {
      expect(requestIdOf(id, true)).toBe(id);
    }
  });

  it('makes a new id for anyone else, and for a malformed or repeated header', () => {
    expect(requestIdOf('0b7c6e3e-5c1e-4f57-9d1b-0e1f3f7a9c11', false)).toMatch(UUID);
    for (const bad of ['short', 'a'.repeat(129), 'has space', 'new\nline', '"json":"x"', '-leading-dash', 'ünïcödé-id-here', '']) {
      expect(requestIdOf(bad, true)).toMatch(UUID);
    }
    expect(requestIdOf(['first-id-12345', 'second-id-12345'], true)).toMatch(UUID);
    expect(requestIdOf(undefined, true)).toMatch(UUID);
  });
});
