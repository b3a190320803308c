import { context, defaultTextMapGetter, defaultTextMapSetter, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

import { SamplingAtTheDoor } from './door-sampling';
import { TraceContextFromTrustedProxies } from './trusted-trace-context';

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const SAMPLED_PARENT = `00-${TRACE}-b7ad6b7169203331-01`;

const request = (remoteAddress: string | undefined) => ({ headers: { traceparent: SAMPLED_PARENT }, socket: { remoteAddress } }) as never;
const traceIdOf = (propagator: TraceContextFromTrustedProxies, headers: object) =>
  trace.getSpanContext(propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter))?.traceId;

describe("a caller's trace context, from trusted proxies only", () => {
  it('reads the traceparent of a request from a trusted address, and no one else’s', () => {
    const propagator = new TraceContextFromTrustedProxies(new W3CTraceContextPropagator(), ['loopback', '10.0.0.0/8']);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3']) {
      const from = request(address) as { headers: object };
      propagator.admit(from as never);
      expect(traceIdOf(propagator, from.headers)).toBe(TRACE);
    }
    for (const address of ['203.0.113.5', '192.168.1.1', '::ffff:203.0.113.5', undefined]) {
      const from = request(address) as { headers: object };
      propagator.admit(from as never);
      expect(traceIdOf(propagator, from.headers)).toBeUndefined();
    }
  });

  it('reads nothing from headers it was never shown, and keeps the context it was given', () => {
    const propagator = new TraceContextFromTrustedProxies(new W3CTraceContextPropagator(), ['loopback']);
    const given = ROOT_CONTEXT.setValue(Symbol('mark'), 1);
    expect(propagator.extract(given, { traceparent: SAMPLED_PARENT }, defaultTextMapGetter)).toBe(given);
    expect(propagator.extract(given, null, defaultTextMapGetter)).toBe(given);
  });

  it('injects nothing into outgoing requests (webhook deliveries), even inside a sampled trace', () => {
    const propagator = new TraceContextFromTrustedProxies(new W3CTraceContextPropagator(), []);
    const from = request('127.0.0.1') as { headers: object };
    const parent = trace.getSpanContext(new W3CTraceContextPropagator().extract(ROOT_CONTEXT, from.headers, defaultTextMapGetter))!;
    const carrier: Record<string, string> = {};
    propagator.inject(trace.setSpanContext(context.active(), parent), carrier, defaultTextMapSetter);
    expect(carrier).toEqual({});
    // The wrapped propagator would have: what this one holds back.
    new W3CTraceContextPropagator().inject(trace.setSpanContext(context.active(), parent), carrier, defaultTextMapSetter);
    expect(carrier.traceparent).toBe(SAMPLED_PARENT);
    expect(propagator.fields()).toEqual(['traceparent', 'tracestate']);
  });

  describe('at the door', () => {
    let propagator: TraceContextFromTrustedProxies;
    beforeAll(() => {
      propagator = new TraceContextFromTrustedProxies(new W3CTraceContextPropagator(), ['loopback']);
      propagation.setGlobalPropagator(propagator);
    });
    afterAll(() => propagation.disable());

    it("lets in a trusted proxy's sampled request, and draws for anyone else's", () => {
      const closed = new SamplingAtTheDoor(0);
      const trusted = request('127.0.0.1') as { headers: Record<string, string> };
      const stranger = request('203.0.113.5') as { headers: Record<string, string> };
      propagator.admit(trusted as never);
      propagator.admit(stranger as never);
      expect(closed.letsIn(trusted.headers)).toBe(true);
      expect(closed.letsIn(stranger.headers)).toBe(false);
    });
  });
});
