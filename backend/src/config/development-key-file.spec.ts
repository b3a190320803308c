import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { developmentKeyFile } from './development-key-file';

describe('developmentKeyFile', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'escrow-dev-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates the key once (mode 600, the folder made on the way) and reads it back from then on', () => {
    const file = join(dir, 'data', 'some.key');
    const generate = jest.fn(() => 'first\n');
    expect(developmentKeyFile(file, generate)).toBe('first\n');
    expect(developmentKeyFile(file, () => 'second\n')).toBe('first\n');
    expect(generate).toHaveBeenCalledTimes(1);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(readdirSync(join(dir, 'data'))).toEqual(['some.key']); // no draft left beside it
  });

  it('of two processes generating at once, the first file in place wins and the other reads it', () => {
    const file = join(dir, 'some.key');
    // Another process links its key into place while this one is generating its own.
    const text = developmentKeyFile(file, () => {
      writeFileSync(file, 'theirs\n', { mode: 0o600 });
      return 'ours\n';
    });
    expect(text).toBe('theirs\n');
    expect(readdirSync(dir)).toEqual(['some.key']);
  });
});
