import { inputProblem, MAX_JSON_DEPTH, NUL_TEXT, TOO_DEEP } from './input-limits';

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
});
