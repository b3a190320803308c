#!/usr/bin/env node
// Fails when a package the lock file installs declares a Node it does not run on: the oldest
// Node the root package.json (and the README) names, or this one. npm only warns about such a
// package (EBADENGINE) and installs it anyway; it may then fail at run time, or only on the
// code path nobody tried. docs/contributing.md, "Dependencies", says how to pick another version.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import semver from 'semver';

const root = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));

const oldest = semver.minVersion(manifest.engines.node).version;
const nodes = [...new Set([oldest, process.versions.node])];
const refused = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  const wants = entry.engines?.node;
  if (!path || !wants || entry.link) continue;
  for (const node of nodes) {
    if (!semver.satisfies(node, wants)) refused.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${wants}, not ${node}`);
  }
}
if (refused.length > 0) {
  console.error(`Packages that do not support Node ${nodes.join(' or ')} (package.json engines: ${manifest.engines.node}):\n  ${refused.join('\n  ')}`);
  process.exit(1);
}
console.log(`${Object.keys(lock.packages).length - 1} packages of package-lock.json support Node ${nodes.join(' and ')}`);
