import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';

import type { BundleAttachment, BundleVerification } from './audit-bundle';
import { describeFileProblem } from './stored-files';

export interface BundleFilesCheck {
  /** The folder was there and every listed file was read. */
  checked: boolean;
  problems: string[];
  facts: string[];
}

/** Where an export puts a bundle's files: `escrow-audit-project-7.jsonl` → `escrow-audit-project-7.files/`. */
export function filesFolderOf(bundlePath: string): string {
  return `${bundlePath.replace(/\.jsonl$/, '')}.files`;
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function sha256OfFile(path: string): Promise<string | null> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Checks the files beside a verified bundle: each file the bundle lists (and its thumbnail) must
 * be in `folder` under its SHA-256 and hash to it. Each file is read once however many
 * attachments name it; a changed or missing one is named with its attachment and event. Without
 * the folder nothing is checked, and the facts say so.
 */
export async function verifyBundleFiles(verification: Pick<BundleVerification, 'attachments' | 'withFiles'>, folder: string): Promise<BundleFilesCheck> {
  const { attachments } = verification;
  if (attachments.length === 0) return { checked: true, problems: [], facts: [] };
  if (!(await isFolder(folder))) {
    const why = verification.withFiles
      ? `the bundle was exported with its files, but ${folder} is not there: unpack the whole .tar beside the bundle`
      : 'the bundle was exported without its files (export it with its files to check them)';
    return {
      checked: false,
      problems: [],
      facts: [`files: NOT CHECKED: ${attachments.length} attachments are listed with their SHA-256, but ${why}`],
    };
  }
  const hashes = new Map<string, Promise<string | null>>();
  const read = (sha256: string) => {
    let found = hashes.get(sha256);
    if (!found) {
      found = /^[0-9a-f]{64}$/.test(sha256) ? sha256OfFile(join(folder, sha256)) : Promise.resolve(null);
      hashes.set(sha256, found);
    }
    return found;
  };
  const problems: string[] = [];
  const check = async (a: BundleAttachment, which: 'file' | 'thumbnail', sha256: string) => {
    const actual = await read(sha256);
    if (actual === sha256) return;
    problems.push(describeFileProblem(a, which, sha256, actual === null ? 'missing' : 'changed', { id: a.eventId, streamId: a.streamId }, folder));
  };
  // One attachment at a time keeps the problems in the bundle's order; each file is still read once.
  for (const a of attachments) {
    await check(a, 'file', a.sha256);
    if (a.thumbnailSha256 !== null) await check(a, 'thumbnail', a.thumbnailSha256);
  }
  const facts = problems.length === 0 ? [`files: ${hashes.size} files beside the bundle, each hashes to the SHA-256 its event records`] : [];
  return { checked: true, problems, facts };
}
