import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const script = resolve(__dirname, '../../../scripts/check-commit-message.mjs');

/** The commit-msg hook (.githooks/commit-msg, docs/contributing.md) through the script it runs. */
describe('the commit-msg check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'escrow-commit-msg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const check = (message: string) => {
    const file = join(dir, 'COMMIT_EDITMSG');
    writeFileSync(file, message);
    const run = spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
    return { status: run.status, stderr: run.stderr };
  };

  it('accepts a subject of 72 characters with a body after an empty line', () => {
    expect(check(`${'a'.repeat(72)}\n\nWhy: the body says it.\n`)).toEqual({ status: 0, stderr: '' });
  });

  it('refuses a subject of 73 characters and says how long it is', () => {
    const { status, stderr } = check(`${'é'.repeat(73)}\n`);
    expect(status).toBe(1);
    expect(stderr).toContain('The subject has 73 characters; keep it to 72');
  });

  it('refuses a body that starts on the second line', () => {
    const { status, stderr } = check('Fix the drop\nbecause the pool had not closed\n');
    expect(status).toBe(1);
    expect(stderr).toContain('Leave the second line empty');
  });

  it("ignores git's comment lines and what commit -v appends below the scissors", () => {
    const verbose = `Short subject\n\n# Please enter the commit message ${'x'.repeat(80)}\n# ------------------------ >8 ------------------------\n${'+'.repeat(100)}\n`;
    expect(check(verbose).status).toBe(0);
  });

  it("refuses an empty message and lets git's own merge subjects through", () => {
    expect(check('\n# only a comment\n').status).toBe(1);
    expect(check(`Merge branch '${'x'.repeat(80)}'\n`).status).toBe(0);
  });
});
