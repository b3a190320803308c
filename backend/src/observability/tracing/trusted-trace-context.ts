import type { IncomingMessage } from 'node:http';

import proxyAddr from '@fastify/proxy-addr';
import type { Context, TextMapGetter, TextMapPropagator, TextMapSetter } from '@opentelemetry/api';

/**
 * The caller's trace context (`traceparent`, `tracestate`, `baggage`), taken only from the
 * proxies the API trusts (TRUSTED_PROXIES), as X-Request-Id is. From anyone else it would decide
 * what this process traces: a sampled `traceparent` on every request has the whole request traced
 * and exported, whatever the sampling ratio, and puts an id of the client's choosing in the
 * metadata of the events the request appends. Requests from elsewhere start traces of their own.
 *
 * The HTTP instrumentation `admit`s each incoming request before it reads the headers (the
 * propagator sees only the headers, not the socket); `extract` reads only the headers of a
 * request admitted from a trusted address.
 *
 * Nothing is injected into outgoing requests: the only ones the API makes are webhook
 * deliveries, to receivers outside the deployment (the OTLP exporter's own requests are not
 * traced), and a receiver has no use for this process's trace ids; they would only tell it which
 * of its deliveries were traced. The deliveries' client spans are still recorded.
 */
export class TraceContextFromTrustedProxies implements TextMapPropagator {
  private readonly admitted = new WeakSet<object>();
  private readonly trusted: (address: string, hop: number) => boolean;

  constructor(
    private readonly inner: TextMapPropagator,
    trustedProxies: readonly string[],
  ) {
    this.trusted = proxyAddr.compile([...trustedProxies]);
  }

  /** Marks the headers of a request from a trusted proxy as ones whose trace context counts. */
  admit(request: Pick<IncomingMessage, 'headers' | 'socket'>): void {
    const remote = request.socket?.remoteAddress;
    if (remote !== undefined && this.trusted(remote, 0)) this.admitted.add(request.headers);
  }

  extract(context: Context, carrier: unknown, getter: TextMapGetter): Context {
    if (typeof carrier !== 'object' || carrier === null || !this.admitted.has(carrier)) return context;
    return this.inner.extract(context, carrier, getter);
  }

  inject(_context: Context, _carrier: unknown, _setter: TextMapSetter): void {
    // Nothing leaves with outgoing requests (see above).
  }

  fields(): string[] {
    return this.inner.fields();
  }
}
