import { createServer, type Server } from 'node:http';

/** One exported span, with the name of the instrumentation (scope) that made it. */
export interface ExportedSpan {
  traceId: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
  scope: string;
}

interface OtlpExport {
  resourceSpans: { scopeSpans: { scope: { name: string }; spans: Omit<ExportedSpan, 'scope'>[] }[] }[];
}

/**
 * A trace collector on loopback for a built program run with tracing on, as production turns it
 * on: point OTEL_EXPORTER_OTLP_TRACES_ENDPOINT at `url` with OTEL_EXPORTER_OTLP_TRACES_PROTOCOL
 * set to `http/json` (`settings`), and read what arrived with `bodies` or `spans`.
 */
export class OtlpCollector {
  readonly bodies: string[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpCollector> {
    const server = createServer();
    const collector = new OtlpCollector(server);
    server.on('request', (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        if (request.url === '/v1/traces') collector.bodies.push(body);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    return collector;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}/v1/traces`;
  }

  /** The settings that send a program's spans here, flushed every 200 ms. */
  get settings(): Record<string, string> {
    return {
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: this.url,
      OTEL_BSP_SCHEDULE_DELAY: '200',
    };
  }

  spans(): ExportedSpan[] {
    return this.bodies.flatMap((body) =>
      (JSON.parse(body) as OtlpExport).resourceSpans.flatMap((resource) =>
        resource.scopeSpans.flatMap((scoped) => scoped.spans.map((span) => ({ ...span, scope: scoped.scope.name }))),
      ),
    );
  }

  /** Span names by instrumentation scope. */
  namesByScope(): Map<string, string[]> {
    const found = new Map<string, string[]>();
    for (const span of this.spans()) found.set(span.scope, [...(found.get(span.scope) ?? []), span.name]);
    return found;
  }

  close(): Promise<void> {
    return new Promise<void>((ok) => this.server.close(() => ok()));
  }
}
