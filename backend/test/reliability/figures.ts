import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from './child-process';

/**
 * Prints a run's figures and appends them to .test-results/reliability-figures.jsonl, where
 * docs/reliability.md's numbers come from (with the machine they were measured on).
 */
export function reportFigure(test: string, figures: Record<string, unknown>): void {
  const record = { test, at: new Date().toISOString(), node: process.version, ...figures };

  console.log(`[reliability] ${JSON.stringify(record)}`);
  const dir = join(REPO_ROOT, '.test-results');
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, 'reliability-figures.jsonl'), JSON.stringify(record) + '\n');
}
