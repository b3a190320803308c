import { inputProblem, MAX_JSON_DEPTH, NUL_TEXT, SURROGATE_TEXT, TOO_DEEP } from './input-limits';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('inputProblem', () => {
  it('accepts ordinary requests, up to the depth limit', () => {
    expect(inputProblem({ job_id: 1, payees: [{ jc_id: 2, type: 'fixed', amount: '1.00' }] })).toBeNull();
    expect(inputProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(inputProblem('plain text')).toBeNull();
    expect(inputProblem(undefined)).toBeNull();
  });

  it('refuses nesting beyond the limit, however deep, without recursion', () => {
    expect(inputProblem(nested(MAX_JSON_DEPTH + 1))).toBe(TOO_DEEP);
    expect(inputProblem(nested(200_000))).toBe(TOO_DEEP);
  });

  it('refuses the NUL character in strings and keys at any level', () => {
    expect(inputProblem('a\u0000b')).toBe(NUL_TEXT);
    expect(inputProblem({ text: 'x', list: [{ deep: 'nul \u0000 here' }] })).toBe(NUL_TEXT);
    expect(inputProblem({ ['key\u0000']: 1 })).toBe(NUL_TEXT);
  });

  it('refuses lone UTF-16 surrogates, which PostgreSQL cannot store, and keeps whole emoji and marks', () => {
    expect(inputProblem({ title: 'roof \ud800 repair' })).toBe(SURROGATE_TEXT);
    expect(inputProblem({ reason: 'end \udfff' })).toBe(SURROGATE_TEXT);
    expect(inputProblem({ payees: [{ name: '\udc00\ud800' }] })).toBe(SURROGATE_TEXT);
    expect(inputProblem({ ['\ud83d']: 1 })).toBe(SURROGATE_TEXT);
    expect(inputProblem({ title: 'Roof 🏠 \u200f\u202eright-to-left ✓' })).toBeNull();
  });
});
