import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describeStartupError } from '../infrastructure/startup-errors';
import { loadConfig } from './app-config';

describe('loadConfig: the webhook secrets key', () => {
  const key = randomBytes(32);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'escrow-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is WEBHOOK_SECRETS_KEY, else the content of the file WEBHOOK_SECRETS_KEY_FILE names, else none (a development key)', () => {
    const file = join(dir, 'webhook-secrets.key');
    writeFileSync(file, `${key.toString('base64')}\n`);
    expect(loadConfig({ WEBHOOK_SECRETS_KEY: key.toString('hex') }).webhookSecretsKey).toEqual(key);
    expect(loadConfig({ WEBHOOK_SECRETS_KEY_FILE: file }).webhookSecretsKey).toEqual(key);
    expect(loadConfig({}).webhookSecretsKey).toBeNull();
  });

  it('stops the start at a malformed key, naming the setting', () => {
    const file = join(dir, 'short.key');
    writeFileSync(file, randomBytes(16).toString('base64'));
    expect(() => loadConfig({ WEBHOOK_SECRETS_KEY: 'hunter2' })).toThrow(/^WEBHOOK_SECRETS_KEY must be 32 random bytes .*openssl rand -base64 32$/);
    expect(() => loadConfig({ WEBHOOK_SECRETS_KEY_FILE: file })).toThrow(`WEBHOOK_SECRETS_KEY_FILE (${file}) must be 32 random bytes`);
    // What `make start` prints: the problem and the remedy, no stack trace (and never the key).
    let refusal: unknown;
    try {
      loadConfig({ WEBHOOK_SECRETS_KEY: 'hunter2' });
    } catch (error) {
      refusal = error;
    }
    expect(describeStartupError(refusal, null)).toBe(
      'WEBHOOK_SECRETS_KEY must be 32 random bytes as base64 (44 characters) or 64 hex digits.\nMake one with: openssl rand -base64 32',
    );
  });
});

describe('loadConfig: attachments', () => {
  it('keeps files in DATA_DIR, 25 MB at most, unless told otherwise', () => {
    expect(loadConfig({}).attachments).toEqual({ maxFileBytes: 25 * 1024 * 1024, maxMilestoneBytes: 250 * 1024 * 1024, clamd: null, store: { kind: 'local' } });
    expect(loadConfig({ ATTACHMENT_MAX_MB: '5' }).attachments.maxFileBytes).toBe(5 * 1024 * 1024);
  });

  it('scans uploads with clamd on its socket or over TCP when CLAMD_SOCKET names it', () => {
    expect(loadConfig({ CLAMD_SOCKET: '/run/clamav/clamd.ctl' }).attachments.clamd).toEqual({ path: '/run/clamav/clamd.ctl' });
    expect(loadConfig({ CLAMD_SOCKET: 'tcp://clamav:3310' }).attachments.clamd).toEqual({ host: 'clamav', port: 3310 });
    expect(() => loadConfig({ CLAMD_SOCKET: 'clamd.ctl' })).toThrow("CLAMD_SOCKET must be clamd's socket path");
    expect(() => loadConfig({ CLAMD_SOCKET: 'tcp://clamav' })).toThrow('CLAMD_SOCKET=tcp://… needs a host and a port');
    expect(() => loadConfig({ CLAMD_SOCKET: 'tcp://clamav:99999' })).toThrow('CLAMD_SOCKET=tcp://… needs a host and a port');
  });

  it('reads the bucket of an S3-compatible store, path-style when it has its own endpoint (MinIO)', () => {
    const minio = loadConfig({
      ATTACHMENT_STORE: 's3',
      ATTACHMENT_S3_BUCKET: 'escrow',
      ATTACHMENT_S3_PREFIX: 'files/',
      ATTACHMENT_S3_ENDPOINT: 'http://minio:9000',
      ATTACHMENT_S3_ACCESS_KEY_ID: 'escrow',
      ATTACHMENT_S3_SECRET_ACCESS_KEY: 'escrow-secret',
    }).attachments.store;
    expect(minio).toEqual({
      kind: 's3',
      bucket: 'escrow',
      prefix: 'files/',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'escrow', secretAccessKey: 'escrow-secret' },
    });
    expect(loadConfig({ ATTACHMENT_STORE: 's3', ATTACHMENT_S3_BUCKET: 'escrow', ATTACHMENT_S3_REGION: 'eu-west-1' }).attachments.store).toMatchObject({
      region: 'eu-west-1',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
    });
  });

  it('stops the start at settings that cannot work, naming them', () => {
    expect(() => loadConfig({ ATTACHMENT_STORE: 'ftp' })).toThrow('ATTACHMENT_STORE must be "local" or "s3", got "ftp"');
    expect(() => loadConfig({ ATTACHMENT_STORE: 's3' })).toThrow('ATTACHMENT_STORE=s3 needs ATTACHMENT_S3_BUCKET');
    expect(() => loadConfig({ ATTACHMENT_STORE: 's3', ATTACHMENT_S3_BUCKET: 'b', ATTACHMENT_S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'Set both ATTACHMENT_S3_ACCESS_KEY_ID and ATTACHMENT_S3_SECRET_ACCESS_KEY, or neither',
    );
    expect(() => loadConfig({ ATTACHMENT_MAX_MB: '0' })).toThrow('ATTACHMENT_MAX_MB must be between 1 and 1024');
    expect(() => loadConfig({ ATTACHMENT_MAX_MB: 'lots' })).toThrow('ATTACHMENT_MAX_MB must be a non-negative integer');
    expect(() => loadConfig({ ATTACHMENT_MAX_MB: '50', ATTACHMENT_MILESTONE_MAX_MB: '40' })).toThrow(
      'ATTACHMENT_MILESTONE_MAX_MB (40) must be at least ATTACHMENT_MAX_MB (50)',
    );
  });
});

describe('loadConfig: metrics', () => {
  it('serves none unless METRICS_PORT or METRICS_TOKEN is set', () => {
    expect(loadConfig({}).metrics).toEqual({ port: null, token: null, record: true });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: ' 0123456789abcdef0123 ' }).metrics).toEqual({
      port: 9464,
      token: '0123456789abcdef0123',
      record: true,
    });
    // The bench's observability-off runs (issue 40) record nothing.
    expect(loadConfig({ RECORD_METRICS: 'false' }).metrics).toMatchObject({ record: false });
  });

  it('stops the start at a token too short to guess or a port that is not one, naming the setting', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: '0123456789 abcdef0123' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT must be a non-negative integer/);
  });
});

describe('loadConfig: demo data and the database logins (issue 35)', () => {
  it('seeds no demo data unless SEED_DEMO_DATA asks (make start does): the image and compose start with no user', () => {
    expect(loadConfig({}).seedDemoData).toBe(false);
    expect(loadConfig({ SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('reads the owner login of the migrations, which needs the runtime login of DATABASE_URL beside it', () => {
    expect(loadConfig({}).databaseMigrationUrl).toBeNull();
    const urls = { DATABASE_URL: 'postgres://escrow_app:a@db/escrow', DATABASE_MIGRATION_URL: 'postgres://escrow:o@db/escrow' };
    expect(loadConfig(urls)).toMatchObject({ databaseUrl: urls.DATABASE_URL, databaseMigrationUrl: urls.DATABASE_MIGRATION_URL });
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: urls.DATABASE_MIGRATION_URL })).toThrow(/needs DATABASE_URL/);
  });
});
