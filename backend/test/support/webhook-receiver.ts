import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** What the receiver answered (null: it never did, e.g. the sender gave up first). */
  answered: number | null;
}

/** How to answer one request: a status after a delay (a delay beyond the sender's time-out is an answer that comes too late). */
export interface Reply {
  status: number;
  delayMs?: number;
}

/**
 * A webhook receiver on 127.0.0.1 for tests: it records every request and answers as `reply`
 * decides (by path, delivery id and how many times that delivery came before), so a test can
 * make it fail, time out and answer late.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  reply: (request: { path: string; deliveryId: string; seen: number }) => Reply = () => ({ status: 200 });
  private readonly server: Server;

  private constructor(server: Server) {
    this.server = server;
  }

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const deliveryId = String(req.headers['escrow-delivery-id'] ?? '');
        const path = req.url ?? '/';
        const seen = receiver.requests.filter((r) => r.path === path && r.headers['escrow-delivery-id'] === deliveryId).length;
        const record: ReceivedRequest = { path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now(), answered: null };
        receiver.requests.push(record);
        const { status, delayMs = 0 } = receiver.reply({ path, deliveryId, seen });
        setTimeout(() => {
          if (res.destroyed) return;
          record.answered = status;
          res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
        }, delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.port = (server.address() as AddressInfo).port;
    return receiver;
  }

  private port = 0;

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The receiver goes down: connections to its port are refused until `up()`. */
  async down(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async up(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  /** Requests to a path that the receiver answered with 2xx, by event id. */
  deliveredEventIds(path: string): Set<string> {
    return new Set(this.requests.filter((r) => r.path === path && r.answered !== null && r.answered < 300).map((r) => String(r.headers['escrow-event-id'])));
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.down();
  }
}
