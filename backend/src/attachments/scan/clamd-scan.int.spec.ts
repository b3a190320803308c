import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

import { DomainError } from '@escrow/domain';
import sharp from 'sharp';

import type { AppConfig, ClamdAddress } from '../../config/app-config';
import { AttachmentIntake } from '../intake/attachment-intake';
import { LocalFileStore } from '../storage/local-file-store';
import { ScannerUnavailable } from './clamd-scan';

/**
 * The scan against a real clamd (Debian's clamav-daemon, which make test-tools installs), started
 * here with a signature database of one entry: the EICAR test string, which every antivirus
 * treats as a virus by agreement. ClamAV's own databases come from the Internet (freshclam),
 * which these machines cannot reach; the protocol, the daemon and its parser are the real ones.
 */
const CLAMD = ['/usr/sbin/clamd', '/usr/bin/clamd'].find((file) => existsSync(file));
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const MB = 1024 * 1024;

let folder: string;
let clamd: ChildProcess;
let address: ClamdAddress;

beforeAll(async () => {
  if (!CLAMD) throw new Error('clamd is not installed: apt-get install -y clamav-daemon (make test-tools does it)');
  folder = await mkdtemp(join(tmpdir(), 'escrow-clamd-'));
  await mkdir(join(folder, 'db'));
  await writeFile(join(folder, 'db', 'escrow-test.ndb'), `Escrow.Test.EICAR:0:*:${Buffer.from(EICAR).toString('hex')}\n`);
  address = { path: join(folder, 'clamd.sock') };
  const settings = [
    'Foreground yes',
    `LocalSocket ${address.path}`,
    `DatabaseDirectory ${join(folder, 'db')}`,
    `PidFile ${join(folder, 'clamd.pid')}`,
    `User ${userInfo().username}`,
    // Small, so that a file over clamd's limit is cheap to send.
    'StreamMaxLength 2M',
  ];
  await writeFile(join(folder, 'clamd.conf'), `${settings.join('\n')}\n`);
  clamd = spawn(CLAMD, ['-c', join(folder, 'clamd.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  clamd.stderr!.on('data', (text: Buffer) => (errors += text.toString()));
  for (let waited = 0; !existsSync(address.path); waited += 50) {
    if (clamd.exitCode !== null || waited > 20_000) throw new Error(`clamd did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  clamd?.kill();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function intakeWith(clamdAddress: ClamdAddress) {
  const root = await mkdtemp(join(folder, 'files-'));
  const config = { attachments: { maxFileBytes: 25 * MB, maxMilestoneBytes: 250 * MB, clamd: clamdAddress, store: { kind: 'local' } } } as AppConfig;
  const everything = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  return { intake: new AttachmentIntake(new LocalFileStore(root), config), everything };
}

const pdf = (body: string) => Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Length ${body.length} >>\nstream\n${body}\nendstream\nendobj\n%%EOF\n`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

it('keeps a clean file, byte for byte, once clamd called it clean', async () => {
  const { intake } = await intakeWith(address);
  const report = pdf('Inspection passed: framing, level 2.');
  const file = await intake.take(Readable.from([report]), 'inspection.pdf');
  expect(file).toMatchObject({ name: 'inspection.pdf', mediaType: 'application/pdf', size: report.length, sha256: sha256(report) });
});

it('refuses an infected PDF with the signature clamd named, and stores nothing of it', async () => {
  const { intake, everything } = await intakeWith(address);
  const refusal = await intake.take(Readable.from([pdf(EICAR)]), 'invoice.pdf').catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(DomainError);
  expect(refusal).toMatchObject({ kind: 'unprocessable', code: 'file_infected' });
  expect((refusal as Error).message).toContain('Escrow.Test.EICAR');
  expect(await everything()).toEqual([]);
});

it('scans an image as it was sent, before it is drawn again', async () => {
  const { intake, everything } = await intakeWith(address);
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7a5' } })
    .jpeg()
    .toBuffer();
  // Bytes after the image's end: a viewer ignores them, re-encoding would drop them; clamd sees them.
  const refusal = await intake.take(Readable.from([Buffer.concat([photo, Buffer.from(EICAR)])]), 'site.jpg').catch((error: unknown) => error);
  expect(refusal).toMatchObject({ code: 'file_infected' });
  expect(await everything()).toEqual([]);
  await expect(intake.take(Readable.from([photo]), 'site.jpg')).resolves.toMatchObject({ mediaType: 'image/jpeg' });
});

it('refuses, unscanned, a file larger than clamd takes (its StreamMaxLength), and stores nothing', async () => {
  const { intake, everything } = await intakeWith(address);
  const large = pdf('x'.repeat(3 * MB));
  const refusal = await intake.take(Readable.from([large]), 'drawings.pdf').catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ScannerUnavailable);
  // clamd answers "INSTREAM size limit exceeded" and hangs up; when the hang-up reaches the sender
  // while it still writes, the answer is lost with the socket (EPIPE, ECONNRESET): refused either way.
  expect((refusal as Error).message).toMatch(/size limit exceeded|EPIPE|ECONNRESET/i);
  expect(await everything()).toEqual([]);
});

it('refuses every file while clamd does not answer: none goes through unscanned', async () => {
  const { intake, everything } = await intakeWith({ path: join(folder, 'nobody-listens.sock') });
  const refusal = await intake.take(Readable.from([pdf('clean')]), 'quote.pdf').catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ScannerUnavailable);
  expect(await everything()).toEqual([]);
});
