import 'reflect-metadata';

import { parseArgs } from 'node:util';

import { DomainError } from '@escrow/domain';
import { CommandBus } from '@nestjs/cqrs';

import { AppointFirstOwner, type FirstOwnerLink } from './admin';
import { createApp } from './bootstrap';
import { type AppConfig, loadConfig } from './config/app-config';
import { describeStartupError } from './infrastructure/startup-errors';

const USAGE = `Usage: npm run admin -- first-owner --email <address> --first-name <name> --last-name <name>

  first-owner   Gives a new installation its first administrator, with the owner role, and prints a
                single-use link (valid for an hour) to choose a password; the console then asks for
                a second factor. Refused once the installation has an administrator. Run again for
                the same address before the password was chosen, it prints a new link.

Uses the database of DATABASE_URL (and DATABASE_MIGRATION_URL), or the embedded one of make start;
the link starts with PUBLIC_URL.`;

interface AdminCliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Exit codes: 0 done, 1 refused (the message says why), 2 a usage error. */
export async function runAdminCli(argv: string[], config: AppConfig, io: AdminCliIo): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.positionals[0] !== 'first-owner' || parsed.positionals.length !== 1) {
    io.err(USAGE);
    return 2;
  }
  const { email, 'first-name': firstName, 'last-name': lastName } = parsed.values;
  if (!email || !firstName || !lastName) {
    io.err(`first-owner needs --email, --first-name and --last-name.\n\n${USAGE}`);
    return 2;
  }
  // The application on its database, without what it runs on its own: no HTTP server, no workers,
  // no demo data, no metrics port (an API process may be running beside it).
  const running = await createApp(
    {
      ...config,
      seedDemoData: false,
      runProjections: false,
      runPayments: false,
      webhooks: { ...config.webhooks, run: false },
      metrics: { port: null, token: null, record: false },
    },
    { logger: false },
  );
  try {
    const owner: FirstOwnerLink = await running.app.get(CommandBus).execute(new AppointFirstOwner(email, firstName, lastName));
    io.out(
      [
        owner.again
          ? `${owner.name} <${owner.email}> is this installation's first owner and has not chosen a password yet: here is a new link (the earlier one no longer works).`
          : `${owner.name} <${owner.email}> is this installation's first administrator, with the owner role.`,
        'Open this link within an hour to choose a password; the console then asks for a second factor (an authenticator app or a passkey):',
        '',
        `  ${owner.link}`,
        '',
        'The link works once. Give it to that person only, by a channel you trust: whoever opens it first becomes the owner.',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    io.err(`Refused: ${error.message}`);
    return 1;
  } finally {
    await running.close();
  }
}

function parseOptions(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  });
}

if (require.main === module) {
  let config: AppConfig | null = null;
  (async () => {
    config = loadConfig();
    return runAdminCli(process.argv.slice(2), config, { out: (text) => process.stdout.write(`${text}\n`), err: (text) => process.stderr.write(`${text}\n`) });
  })().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`admin: ${describeStartupError(error, config && { port: config.port, host: config.host, databaseUrl: config.databaseUrl })}\n`);
      process.exit(1);
    },
  );
}
