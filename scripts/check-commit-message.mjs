#!/usr/bin/env node
// The commit-msg hook's check (docs/contributing.md): a subject of at most 72 characters, then,
// when there is a body, an empty line before it, so `git log --oneline` can be scanned.
// Git's comment lines (#) and the diff a `commit -v` appends are not part of the message.
//
// Usage: node scripts/check-commit-message.mjs <file with the message>
import { readFileSync } from 'node:fs';

export const SUBJECT_MAX = 72;

/** The problems of a commit message, each a sentence a person can act on; none when it is fine. */
export function commitMessageProblems(text) {
  const scissors = text.indexOf('# ------------------------ >8 ------------------------');
  const lines = (scissors >= 0 ? text.slice(0, scissors) : text)
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[0] === '') lines.shift();
  const [subject = '', second] = lines;
  if (subject === '') return ['The commit message is empty: write a subject line.'];
  // Git writes these itself; their subjects quote another commit's.
  if (/^(Merge|Revert|fixup!|squash!|amend!) /.test(subject)) return [];
  const problems = [];
  if ([...subject].length > SUBJECT_MAX) {
    problems.push(`The subject has ${[...subject].length} characters; keep it to ${SUBJECT_MAX} and say the rest in the body.`);
  }
  if (second !== undefined && second !== '') {
    problems.push('Leave the second line empty: the body starts on the third.');
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/check-commit-message.mjs <file with the message>');
    process.exit(2);
  }
  const problems = commitMessageProblems(readFileSync(file, 'utf8'));
  for (const problem of problems) console.error(`commit-msg: ${problem}`);
  if (problems.length > 0) {
    console.error('commit-msg: the message is kept in .git/COMMIT_EDITMSG (git commit -e -F .git/COMMIT_EDITMSG to edit it).');
    process.exit(1);
  }
}
