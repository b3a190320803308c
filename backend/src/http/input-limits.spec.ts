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
    expect(inputProblem(nested(MAX_JSON_DEPTH + 1))).toEqual({ code: 'body_too_deep', message: TOO_DEEP, param: '' });
    expect(inputProblem(nested(200_000))?.code).toBe('body_too_deep');
  });

  it('refuses the NUL character in strings and keys at any level', () => {
    expect(inputProblem('a\u0000b')).toEqual({ code: 'unsafe_text', message: NUL_TEXT, param: '' });
    expect(inputProblem({ text: 'x', list: [{ deep: 'nul \u0000 here' }] })).toEqual({ code: 'unsafe_text', message: NUL_TEXT, param: 'list[0].deep' });
    expect(inputProblem({ ['key\u0000']: 1 })).toEqual({ code: 'unsafe_text', message: NUL_TEXT, param: '' });
  });

  it('refuses lone UTF-16 surrogates, which PostgreSQL cannot store, and keeps whole emoji and marks', () => {
    expect(inputProblem({ title: 'roof \ud800 repair' })).toEqual({ code: 'unsafe_text', message: SURROGATE_TEXT, param: 'title' });
    expect(inputProblem({ reason: 'end \udfff' })?.param).toBe('reason');
    expect(inputProblem({ payees: [{ name: '\udc00\ud800' }] })?.param).toBe('payees[0].name');
    expect(inputProblem({ ['\ud83d']: 1 })?.message).toBe(SURROGATE_TEXT);
    expect(inputProblem({ title: 'Roof 🏠 \u200f\u202eright-to-left ✓' })).toBeNull();
  });
});
