#!/usr/bin/env node
// Every citation of a page of docs/ must resolve, so the repository keeps explaining itself.
//
// Looks in every file git knows (tracked or new, not ignored) for
//   - a path of a page of docs/, with or without an anchor: the page must exist, and the anchor
//     must be one of its headings as GitHub spells them (lower case, punctuation dropped, spaces
//     to hyphens, "-1", "-2" … for repeats) or an <a id>/<a name> of the page;
//   - the same path without an anchor followed by a quoted section title (`, "Logs"`): some
//     heading of the page must begin with that title;
//   - in Markdown files, relative links and images: the file must exist, and an anchor into a
//     Markdown page must be one of its headings;
//   - a citation of the product spec or the design by section number (the section sign and a
//     digit): those documents are not in the repository, docs/product.md and docs/design.md are.
// Prints file:line and the reason for each failure and exits 1; used by the lint suite of
// scripts/run-tests.mjs (`node scripts/check-doc-links.mjs`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/**
 * Files whose job is to hold old citations: the one-shot rewrite's table, which commit da9c677
 * holds (`git show da9c677:scripts/rewrite-citations.mjs`) for a run after a merge.
 */
const SKIP = new Set(['scripts/rewrite-citations.mjs']);
const TEXT = /(\.(c|m)?[jt]sx?|\.md|\.ya?ml|\.json|\.css|\.html|\.sh|\.conf|\.sql|\.txt|Makefile|Dockerfile|\.githooks\/[\w-]+)$/;

const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f && TEXT.test(f) && !SKIP.has(f) && !/(^|\/)(node_modules|dist)\//.test(f) && !f.endsWith('package-lock.json'))
  .filter((f) => existsSync(join(root, f)));

/** GitHub's anchor of a heading's text: its slug (github-slugger) of the text as rendered. */
function slugOf(heading) {
  const text = heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** A Markdown page's headings (their plain text) and anchors, outside fenced code. */
const pages = new Map();
function pageOf(file) {
  if (pages.has(file)) return pages.get(file);
  let page = null;
  if (existsSync(file) && statSync(file).isFile()) {
    const headings = [];
    const anchors = new Set();
    const seen = new Map();
    let fence = null;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (f) {
        if (!fence) fence = f[1][0];
        else if (f[1][0] === fence) fence = null;
        continue;
      }
      if (fence) continue;
      for (const a of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(a[1]);
      const h = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!h) continue;
      const base = slugOf(h[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
      headings.push(h[1].replace(/`/g, '').toLowerCase());
    }
    page = { headings, anchors };
  }
  pages.set(file, page);
  return page;
}

const problems = [];
const problem = (file, line, message) => problems.push(`${file}:${line}: ${message}`);

/** Checks one citation: `target` is a path from the repository's root, `anchor` without '#'. */
function check(file, line, shown, target, anchor, title) {
  const absolute = join(root, target);
  if (!existsSync(absolute)) return problem(file, line, `${shown}: no such file`);
  if (!target.endsWith('.md') || (!anchor && !title)) return;
  const page = pageOf(absolute);
  if (anchor && !page.anchors.has(decodeURIComponent(anchor))) problem(file, line, `${shown}: ${target} has no heading with the anchor #${anchor}`);
  if (title && !page.headings.some((h) => h.startsWith(title.toLowerCase()))) problem(file, line, `${shown}: ${target} has no heading "${title}…"`);
}

const DOCS_PATH = /(?<![\w.-])docs\/[\w.-]+\.md(?:#([\p{L}\p{N}_-]*))?/gu;
const QUOTED_TITLE = /^`?(?:[,:]\s*|\s+\(|\s+)[“"]([^"”]+)[”"]/;
const MD_LINK = /!?\[(?:[^\]]|\][^(])*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const SECTION_NUMBER = /§\d|\b(?:spec|design)\s+§/i;

for (const file of files) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const markdown = file.endsWith('.md');
  let fence = false;
  lines.forEach((text, i) => {
    const line = i + 1;
    if (SECTION_NUMBER.test(text))
      problem(file, line, 'a citation of the spec or the design by section number: cite docs/product.md or docs/design.md by anchor');
    for (const m of text.matchAll(DOCS_PATH)) {
      const [shown, anchor] = m;
      const target = shown.split('#')[0];
      const after = text.slice(m.index + shown.length);
      // A quoted title names the section only where no anchor does.
      check(file, line, shown, target, anchor, anchor ? undefined : QUOTED_TITLE.exec(after)?.[1]);
    }
    if (!markdown) return;
    if (/^\s{0,3}(`{3,}|~{3,})/.test(text)) fence = !fence;
    if (fence) return;
    for (const m of text.replace(/`[^`]*`/g, '').matchAll(MD_LINK)) {
      const link = m[1];
      if (/^[a-z][a-z+.-]*:/i.test(link)) continue; // http:, mailto:, …
      const [path, anchor] = link.split('#');
      const target = path ? relative(root, resolve(dirname(join(root, file)), decodeURIComponent(path))) : file;
      check(file, line, link, target, anchor);
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} citation(s) of docs that do not resolve (scripts/check-doc-links.mjs).`);
  process.exit(1);
}
console.log(`doc citations: every one resolves (${files.length} files).`);
