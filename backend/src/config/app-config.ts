import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { formatAmount, parseAmount, parsePayoutChangeHold, type PayoutChangeHold } from '@escrow/domain';

import { DEFAULT_TRUSTED_PROXIES } from '../http/trusted-proxies';
import { type LoggingSettings, parseLoggingSettings } from './logging-settings';
import { DEFAULT_RATE_LIMITS, type RateLimitPolicy } from './rate-limit-policy';
import { parseReturnWindow, type ReturnWindow } from './return-window';
import { parseSecretsKey } from './secrets-key';

type EventStoreKind = 'postgres' | 'eventstoredb';

/** Everything the process reads from its environment, read once and validated here. */
export interface AppConfig {
  port: number;
  host: string;
  /** External PostgreSQL (the runtime login: DML only); when absent an embedded one is started under dataDir. */
  databaseUrl: string | null;
  /**
   * The login that owns the tables and runs the migrations on DATABASE_URL's database
   * (DATABASE_MIGRATION_URL). Null: DATABASE_URL's login migrates too (a warning says what that
   * leaves open). The embedded PostgreSQL has both logins by itself.
   */
  databaseMigrationUrl: string | null;
  dataDir: string;
  /** EMBEDDED_PG_PORT when set; null lets the embedded PostgreSQL choose (remembered port, 54329, or a free one). */
  embeddedPostgresPort: number | null;
  eventStore: EventStoreKind;
  eventStoreConnectionString: string | null;
  /** Run the projection runner inside the API process (default) or leave it to a separate worker. */
  runProjections: boolean;
  /** Serve the built frontend from this folder, when it exists. */
  frontendDist: string;
  /** Demo logins, companies and projects on an empty database (SEED_DEMO_DATA; off unless `make start` turns it on). */
  seedDemoData: boolean;
  paymentsSandboxSettleMs: number;
  /** ACH return window after settlement (PAYMENTS_RETURN_WINDOW); null: the provider's default. */
  paymentsReturnWindow: ReturnWindow | null;
  /**
   * How long payouts wait after a company changes its payout account (PAYOUT_CHANGE_HOLD):
   * "3 business days" by default, seconds like "60s" in the sandbox demo.
   */
  payoutChangeHold: PayoutChangeHold;
  /** Hand payment instructions to the provider from this process (one dispatcher per database is active). */
  runPayments: boolean;
  /** Days after a deposit settles within which the seller must complete, before the buyer may claim a refund. */
  responseDeadlineDays: number;
  /** Four eyes: a dispute or retainage resolution moving more than this (dollars, "10000.00") needs a second administrator. */
  fourEyesAbove: string;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  /** How long a command's answer waits for the read models to catch up (read your writes). */
  readYourWritesTimeoutMs: number;
  /**
   * Group commit of the projectors (PROJECTOR_BATCH_GAP_MS): while events keep coming, a
   * projector reads again no sooner than this after its last read, so the commands of that time
   * make one transaction (docs/performance.md). 0: a batch per wake-up.
   */
  projectorBatchGapMs: number;
  /** Login, reset and public-form limits; the defaults are the product's policy (tests shorten the windows). */
  rateLimits: RateLimitPolicy;
  /**
   * Who may say which address a request came from (X-Forwarded-For, X-Forwarded-Proto): fastify's
   * trustProxy, `loopback` by default; behind a proxy on another host, its address or subnet.
   */
  trustedProxies: string;
  /** Funds held this long with someone to act get a reminder mail (HELD_FUNDS_REMINDER_AFTER), then again each such period. */
  heldFundsReminderAfterMs: number;
  /**
   * The Ed25519 private key (PKCS#8 PEM) audit bundles are signed with: AUDIT_SIGNING_KEY, or the
   * file AUDIT_SIGNING_KEY_FILE names. Null: a development key generated in dataDir.
   */
  auditSigningKey: string | null;
  /**
   * The AES-256 key webhook endpoint secrets are sealed with in the database: WEBHOOK_SECRETS_KEY,
   * or the file WEBHOOK_SECRETS_KEY_FILE names. Null: a development key generated in dataDir.
   */
  webhookSecretsKey: Buffer | null;
  webhooks: WebhookSettings;
  /**
   * The AES-256 key TOTP secrets are sealed with in the database: SECOND_FACTOR_SECRETS_KEY, or
   * the file SECOND_FACTOR_SECRETS_KEY_FILE names. Null: a development key generated in dataDir.
   */
  secondFactorSecretsKey: Buffer | null;
  /** How long a checked second factor lets a session move money or change where it goes (STEP_UP_WINDOW, seconds; 600). */
  stepUpWindowSeconds: number;
  attachments: AttachmentSettings;
  /**
   * Prometheus metrics (docs/operations.md, "Metrics"): on a port of their own (METRICS_PORT, on
   * HOST) and/or at /api/metrics behind a bearer token (METRICS_TOKEN); off unless set.
   * RECORD_METRICS=false records nothing (to measure what recording costs: bench/README, "profile").
   */
  metrics: { port: number | null; token: string | null; record: boolean };
  /** LOG_LEVEL (info) and LOG_FORMAT (auto: pretty in a terminal, JSON otherwise). */
  logging: LoggingSettings;
}

/** Files attached as evidence (docs/attachments.md). */
interface AttachmentSettings {
  /** The largest file accepted, in bytes (ATTACHMENT_MAX_MB, default 25). */
  maxFileBytes: number;
  /** What all the files of one milestone may add up to, in bytes (ATTACHMENT_MILESTONE_MAX_MB, default 250). */
  maxMilestoneBytes: number;
  /** Where the bytes live: a folder under DATA_DIR (one machine) or an S3-compatible bucket (several API processes). */
  store: { kind: 'local' } | ({ kind: 's3' } & S3Settings);
  /** clamd to scan every upload with (CLAMD_SOCKET); null: files are not scanned for viruses. */
  clamd: ClamdAddress | null;
}

/** Where clamd listens: its local socket (`/run/clamav/clamd.ctl`) or `tcp://host:port`. */
export type ClamdAddress = { path: string } | { host: string; port: number };

interface S3Settings {
  bucket: string;
  prefix: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** Webhook delivery (docs/webhooks.md). */
interface WebhookSettings {
  /** Deliver from this process (one deliverer per database is active; the others stand by). */
  run: boolean;
  /** http:// to loopback addresses (a receiver on this machine), for development and tests only: never in production. */
  allowHttpLoopback: boolean;
  /** How long a receiver may take to answer one delivery. */
  timeoutMs: number;
  /** The first retry's delay; each next one doubles, up to an hour. */
  retryBaseMs: number;
  /** How long a delivery is retried after its first attempt before it is given up (24 h). */
  retryForMs: number;
  /** How long the previous secret keeps signing after a rotation (24 h by default). */
  secretOverlapMs: number;
}

const DURATION_UNITS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** Reads "3d", "12h", "30m", "5s" or "1500ms". */
function parseDuration(name: string, value: string | undefined, fallback: string): number {
  const text = value === undefined || value.trim() === '' ? fallback : value;
  const match = /^\s*(\d+)\s*(d|h|m|s|ms)\s*$/i.exec(text);
  if (!match || Number(match[1]) <= 0) throw new Error(`${name} must look like "3d", "12h", "30m", "5s" or "1500ms", got "${text}"`);
  return Number(match[1]) * DURATION_UNITS[match[2]!.toLowerCase()]!;
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  }
  return parsed;
}

/** Read here, so a malformed key stops the start naming its setting, before anything is sealed with it. */
function secretsKey(env: NodeJS.ProcessEnv, name: string): Buffer | null {
  if (env[name]) return parseSecretsKey(env[name], name);
  const file = env[`${name}_FILE`];
  return file ? parseSecretsKey(readFileSync(file, 'utf8'), `${name}_FILE (${file})`) : null;
}

function payoutChangeHold(value: string | undefined): PayoutChangeHold {
  const hold = parsePayoutChangeHold(value || undefined);
  if (!hold) throw new Error(`PAYOUT_CHANGE_HOLD must be business days ("3 business days") or seconds ("60s"), got "${value}"`);
  return hold;
}

/** ATTACHMENT_STORE=local (default) or s3 with its ATTACHMENT_S3_* settings; ATTACHMENT_MAX_MB. */
function attachmentSettings(env: NodeJS.ProcessEnv): AttachmentSettings {
  const maxMb = integer('ATTACHMENT_MAX_MB', env.ATTACHMENT_MAX_MB, 25);
  if (maxMb < 1 || maxMb > 1024) throw new Error(`ATTACHMENT_MAX_MB must be between 1 and 1024 (megabytes), got "${env.ATTACHMENT_MAX_MB}"`);
  const maxFileBytes = maxMb * 1024 * 1024;
  const milestoneMb = integer('ATTACHMENT_MILESTONE_MAX_MB', env.ATTACHMENT_MILESTONE_MAX_MB, 250);
  if (milestoneMb < maxMb) throw new Error(`ATTACHMENT_MILESTONE_MAX_MB (${milestoneMb}) must be at least ATTACHMENT_MAX_MB (${maxMb})`);
  const maxMilestoneBytes = milestoneMb * 1024 * 1024;
  const clamd = env.CLAMD_SOCKET ? clamdAddressOf(env.CLAMD_SOCKET) : null;
  const kind = env.ATTACHMENT_STORE || 'local';
  if (kind === 'local') return { maxFileBytes, maxMilestoneBytes, clamd, store: { kind } };
  if (kind !== 's3') throw new Error(`ATTACHMENT_STORE must be "local" or "s3", got "${kind}"`);
  const bucket = env.ATTACHMENT_S3_BUCKET;
  if (!bucket) throw new Error('ATTACHMENT_STORE=s3 needs ATTACHMENT_S3_BUCKET (the bucket the files go to)');
  const accessKeyId = env.ATTACHMENT_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.ATTACHMENT_S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('Set both ATTACHMENT_S3_ACCESS_KEY_ID and ATTACHMENT_S3_SECRET_ACCESS_KEY, or neither (the SDK then finds credentials itself)');
  }
  const endpoint = env.ATTACHMENT_S3_ENDPOINT || null;
  return {
    maxFileBytes,
    maxMilestoneBytes,
    clamd,
    store: {
      kind,
      bucket,
      prefix: env.ATTACHMENT_S3_PREFIX ?? '',
      region: env.ATTACHMENT_S3_REGION || 'us-east-1',
      endpoint,
      forcePathStyle: flag(env.ATTACHMENT_S3_FORCE_PATH_STYLE, endpoint !== null),
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    },
  };
}

/** CLAMD_SOCKET: clamd's socket path, or tcp://host:port. */
function clamdAddressOf(value: string): ClamdAddress {
  if (!value.startsWith('tcp://')) {
    if (!value.startsWith('/')) throw new Error(`CLAMD_SOCKET must be clamd's socket path (/run/clamav/clamd.ctl) or tcp://host:port, got "${value}"`);
    return { path: value };
  }
  const match = /^tcp:\/\/([^:/]+):(\d{1,5})\/?$/.exec(value);
  const port = match ? Number(match[2]) : 0;
  if (!match || port < 1 || port > 65535) throw new Error(`CLAMD_SOCKET=tcp://… needs a host and a port (tcp://clamav:3310), got "${value}"`);
  return { host: match[1], port };
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** FOUR_EYES_ABOVE: dollars, exact (decimal.js), default $10,000.00. */
function parseFourEyesAbove(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return '10000.00';
  const amount = parseAmount(value.trim());
  if (amount === null || amount.lt(0)) throw new Error(`FOUR_EYES_ABOVE must be an amount in dollars such as 10000.00, not "${value}".`);
  return formatAmount(amount);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const repoRoot = resolve(__dirname, '..', '..', '..');
  const eventStore = (env.EVENT_STORE ?? 'postgres') as EventStoreKind;
  if (eventStore !== 'postgres' && eventStore !== 'eventstoredb') {
    throw new Error(`EVENT_STORE must be "postgres" or "eventstoredb", got "${env.EVENT_STORE}"`);
  }
  const eventStoreConnectionString = env.EVENTSTORE_CONNECTION_STRING || null;
  if (eventStore === 'eventstoredb' && !eventStoreConnectionString) {
    throw new Error('EVENT_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING (for example esdb://localhost:2113?tls=false)');
  }
  if (env.DATABASE_MIGRATION_URL && !env.DATABASE_URL) {
    throw new Error('DATABASE_MIGRATION_URL (the owner login that migrates) needs DATABASE_URL (the login the application runs as) on the same database');
  }
  const port = integer('PORT', env.PORT, 3000);
  return {
    port,
    host: env.HOST || 'localhost',
    databaseUrl: env.DATABASE_URL || null,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL || null,
    dataDir: resolve(env.DATA_DIR || resolve(repoRoot, '.data')),
    embeddedPostgresPort: env.EMBEDDED_PG_PORT ? integer('EMBEDDED_PG_PORT', env.EMBEDDED_PG_PORT, 0) || null : null,
    eventStore,
    eventStoreConnectionString,
    runProjections: flag(env.RUN_PROJECTIONS, true),
    frontendDist: resolve(env.FRONTEND_DIST || resolve(repoRoot, 'frontend', 'dist')),
    seedDemoData: flag(env.SEED_DEMO_DATA, false),
    paymentsSandboxSettleMs: integer('PAYMENTS_SANDBOX_SETTLE_MS', env.PAYMENTS_SANDBOX_SETTLE_MS, 3000),
    paymentsReturnWindow: parseReturnWindow(env.PAYMENTS_RETURN_WINDOW),
    payoutChangeHold: payoutChangeHold(env.PAYOUT_CHANGE_HOLD),
    runPayments: flag(env.RUN_PAYMENTS, true),
    responseDeadlineDays: integer('RESPONSE_DEADLINE_DAYS', env.RESPONSE_DEADLINE_DAYS, 30),
    fourEyesAbove: parseFourEyesAbove(env.FOUR_EYES_ABOVE),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Escrow Ledger <no-reply@escrowledger.test>',
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    readYourWritesTimeoutMs: integer('READ_YOUR_WRITES_TIMEOUT_MS', env.READ_YOUR_WRITES_TIMEOUT_MS, 2000),
    projectorBatchGapMs: integer('PROJECTOR_BATCH_GAP_MS', env.PROJECTOR_BATCH_GAP_MS, 25),
    rateLimits: DEFAULT_RATE_LIMITS,
    trustedProxies: env.TRUSTED_PROXIES || DEFAULT_TRUSTED_PROXIES,
    heldFundsReminderAfterMs: parseDuration('HELD_FUNDS_REMINDER_AFTER', env.HELD_FUNDS_REMINDER_AFTER, '3d'),
    auditSigningKey: env.AUDIT_SIGNING_KEY || (env.AUDIT_SIGNING_KEY_FILE ? readFileSync(env.AUDIT_SIGNING_KEY_FILE, 'utf8') : null),
    webhookSecretsKey: secretsKey(env, 'WEBHOOK_SECRETS_KEY'),
    secondFactorSecretsKey: secretsKey(env, 'SECOND_FACTOR_SECRETS_KEY'),
    stepUpWindowSeconds: integer('STEP_UP_WINDOW', env.STEP_UP_WINDOW, 600) || 600,
    attachments: attachmentSettings(env),
    logging: parseLoggingSettings(env, process.stdout.isTTY === true),
    webhooks: {
      run: flag(env.RUN_WEBHOOKS, true),
      allowHttpLoopback: flag(env.WEBHOOKS_ALLOW_HTTP_LOOPBACK, false),
      timeoutMs: integer('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 10_000),
      retryBaseMs: integer('WEBHOOK_RETRY_BASE_MS', env.WEBHOOK_RETRY_BASE_MS, 30_000),
      retryForMs: integer('WEBHOOK_RETRY_FOR_MS', env.WEBHOOK_RETRY_FOR_MS, 24 * 3600_000),
      secretOverlapMs: integer('WEBHOOK_SECRET_OVERLAP_MS', env.WEBHOOK_SECRET_OVERLAP_MS, 24 * 3600_000),
    },
    metrics: metricsSettings(env),
  };
}

function metricsSettings(env: NodeJS.ProcessEnv): AppConfig['metrics'] {
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token !== null && (token.length < 16 || /\s/.test(token))) {
    throw new Error('METRICS_TOKEN must be at least 16 characters without spaces (for example `openssl rand -hex 32`).');
  }
  return { port: env.METRICS_PORT ? integer('METRICS_PORT', env.METRICS_PORT, 0) || null : null, token, record: flag(env.RECORD_METRICS, true) };
}
