import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';

import { StartupError } from '../../infrastructure/startup-errors';
import type { EscrowMetrics } from './escrow-metrics';

/**
 * The metrics of this process on a port of their own (METRICS_PORT), apart from the API: a
 * firewall or the compose network decides who reaches it, so it asks for no token. Only
 * `GET /metrics` answers; anything else is 404.
 */
export async function startMetricsServer(metrics: EscrowMetrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    metrics.scrape().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: Error) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${error.message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(
              `METRICS_PORT ${port} is already in use (another process serves its metrics there)`,
              `Give each process a port of its own: METRICS_PORT=${port + 1}`,
            )
          : error,
      );
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  return server;
}

export function stopMetricsServer(server: Server | null): Promise<void> {
  if (!server) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** `Authorization: Bearer <token>` against METRICS_TOKEN, in time that does not depend on where they differ. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  // Digests of equal length: the comparison takes the same time wherever the tokens differ, whatever their lengths.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}
