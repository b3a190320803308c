import { Logger } from '@nestjs/common';

import { createApp } from './bootstrap';
import { type AppConfig, loadConfig } from './config/app-config';
import { describeStartupError } from './infrastructure/startup-errors';

let config: AppConfig | null = null;

async function main(): Promise<void> {
  const logger = new Logger('Main');
  config = loadConfig();
  const running = await createApp(config);
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    running.db.beginShutdown();
    logger.log(`${signal} received: stopping the API and the database`);
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await running.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Stop what already runs (the embedded PostgreSQL above all) before saying why.
    stopping = true;
    running.db.beginShutdown();
    await running.close();
    throw error;
  }
  logger.log(`Escrow Ledger is serving the UI on http://localhost:${config.port}/ and the API on http://localhost:${config.port}/api`);
  if (running.demoLogins) process.stdout.write(`\n${running.demoLogins}\n\nCtrl-C stops the API and PostgreSQL.\n`);
}

main().catch((error: unknown) => {
  console.error(
    `Escrow Ledger failed to start: ${describeStartupError(error, config && { port: config.port, host: config.host, databaseUrl: config.databaseUrl })}`,
  );
  process.exit(1);
});
