import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
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

/**
 * Writes each process's whole output and the client's every answer under
 * .test-results/reliability-logs/<test>-<seed>/ when a run fails; returns the folder, for the
 * failure's message. A tail of the processes alive at the end misses what a killed one said.
 */
export function keepFailedRunLogs(test: string, seed: number, logs: { name: string; lines: readonly string[] }[], answers: unknown[]): string {
  const dir = join(REPO_ROOT, '.test-results', 'reliability-logs', `${test}-${seed}`);
  mkdirSync(dir, { recursive: true });
  for (const { name, lines } of logs) writeFileSync(join(dir, `${name}.log`), lines.join('\n') + '\n');
  writeFileSync(join(dir, 'answers.jsonl'), answers.map((a) => JSON.stringify(a)).join('\n') + '\n');
  return dir;
}
