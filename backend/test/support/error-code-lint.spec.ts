import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

interface Planted {
  path: string;
  code: string;
}

/** The rules that fire on each planted file, linted with the repository's own config (eslint.config.mjs) as `make test` lints. */
function lint(files: Planted[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const files = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const found = [];
    for (const { path, code } of files) {
      const [result] = await eslint.lintText(code, { filePath: path });
      found.push(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message));
    }
    console.log(JSON.stringify(found));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(files)], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][];
}

const inFrontend = (code: string): Planted => ({ path: 'frontend/src/features/planted/planted.ts', code });
const inBackend = (code: string, path = 'backend/src/projects/planted.ts'): Planted => ({ path, code });

/**
 * House style rule 17 held by the lint (eslint-rules/error-codes.mjs): the portal decides on an
 * error's code, never on its words, and the backend refuses nothing without a code. Examples
 * planted in a frontend and a backend file must each fail the lint; the ways of doing it right
 * must pass.
 */
describe('the lint of error codes', () => {
  jest.setTimeout(60_000);

  it('fails the portal on every way of deciding on an error message, and passes deciding on its code', () => {
    const wrong = [
      "if (errorMessage(error) === 'Link invalid.') go('/forgot');",
      "if (error.response.data.message.includes('second factor')) ask();",
      "if (body.message.toLowerCase().startsWith('confirm')) ask();",
      'if (/step-up/i.test(refusal.message)) ask();',
      "const field = serverMessage !== 'Keep the title under 200 characters.' ? 'form' : 'title';",
      "switch (error.message) { case 'Network Error': retry(); }",
      // What the milestone form did before issue 36 (fieldOfServerMessage).
      "export function fieldOf(message: string) { if (/\\btitle\\b/i.test(message)) return 'title'; return 'form'; }",
    ];
    const right = [
      "if (errorCode(error) === 'step_up_required') ask();",
      "if (typeof body.message === 'string' && body.message !== undefined && message !== null) show(body.message);",
      'const shown = errorMessage(error); render(shown);',
      "if (refusal.code === 'second_factor_required' && refusal.url.startsWith('/admin')) gate();",
    ];
    const found = lint([...wrong, ...right].map(inFrontend));
    expect(found.slice(0, wrong.length).map((messages) => messages.length)).toEqual(wrong.map(() => 1));
    expect(found[0]![0]).toContain('decide on the code');
    expect(found.slice(wrong.length)).toEqual(right.map(() => []));
  });

  it("keeps the design tokens' rule in the same files: one no-restricted-syntax entry holds both", () => {
    const [found] = lint([inFrontend("const border = { color: '#ff0000' }; if (errorMessage(error) === 'Link invalid.') go(border);")]);
    expect(found).toHaveLength(2);
    expect(found!.some((message) => message.includes('design token'))).toBe(true);
    expect(found!.some((message) => message.includes('decide on the code'))).toBe(true);
  });

  it('fails a backend refusal that carries no code, outside the HTTP edge that shapes errors', () => {
    const found = lint([
      inBackend("import { BadRequestException } from '@nestjs/common'; throw new BadRequestException('page must be a whole number from 1.');"),
      inBackend("import { ForbiddenException } from '@nestjs/common'; throw new ForbiddenException({ message: 'No.', reason: 'admin_role' });"),
      inBackend("import { invalid } from '@escrow/domain'; throw invalid('email_invalid', 'Please enter a valid email address.');"),
      inBackend("import { HttpException } from '@nestjs/common'; export class ApiRefusal extends HttpException {}", 'backend/src/http/planted.ts'),
    ]);
    expect(found.map((messages) => messages.length)).toEqual([1, 1, 0, 0]);
    expect(found[0]![0]).toContain('throw a DomainError');
  });
});
