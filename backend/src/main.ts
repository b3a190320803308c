// First: tracing (when OTEL_* asks for it) must patch http, fastify and pg before they load.
import './observability/tracing/start-tracing';

import { Logger } from '@nestjs/common';

import { createApp, type StopProgress } from './bootstrap';
import { type AppConfig, loadConfig } from './config/app-config';
import { describeStartupError } from './infrastructure/startup-errors';
import { stopTracing } from './observability/tracing/start-tracing';

let config: AppConfig | null = null;

async function main(): Promise<void> {
  const logger = new Logger('Main');
  config = loadConfig();
  const running = await createApp(config);
  let stopping = false;
  // Ctrl-C (SIGINT), a service manager (SIGTERM) or a closed terminal (SIGHUP): everything stops
  // in order, PostgreSQL last, one line per step. A second Ctrl-C while that runs changes nothing.
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: stopping Escrow Ledger`);
    await running.close(stopProgress(config!.logging.format));
    await stopTracing();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));

  try {
    await running.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Stop what already runs (the embedded PostgreSQL above all) before saying why.
    stopping = true;
    await running.close();
    throw error;
  }
  logger.log(`Escrow Ledger is serving the UI on http://localhost:${config.port}/ and the API on http://localhost:${config.port}/api`);
  if (running.demoLogins) process.stdout.write(`\n${running.demoLogins}\n\nCtrl-C stops the API and PostgreSQL.\n`);
}

/**
 * How the stop's steps are told: in a terminal, a line a person watches grow ("Stopping
 * PostgreSQL… done"); piped or in a container, one JSON log line per step as it ends, like every
 * other line there.
 */
function stopProgress(format: 'json' | 'pretty'): StopProgress {
  if (format === 'pretty') return { started: (step) => process.stdout.write(`${step}…`), ended: (_, outcome) => process.stdout.write(` ${outcome}\n`) };
  const logger = new Logger('Shutdown');
  return {
    started: () => undefined,
    ended: (step, outcome) => (outcome === 'done' ? logger.log(`${step}… done`) : logger.error(`${step}… failed`)),
  };
}

main().catch((error: unknown) => {
  console.error(
    `Escrow Ledger failed to start: ${describeStartupError(error, config && { port: config.port, host: config.host, databaseUrl: config.databaseUrl })}`,
  );
  process.exit(1);
});
