import { propagation, ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { core } from '@opentelemetry/sdk-node';

import { LET_IN_AT_THE_DOOR, SamplingAtTheDoor } from './door-sampling';
import { doorSamplingRatio } from './tracing-settings';

const SAMPLED_PARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const UNSAMPLED_PARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';
// 2: RECORD_AND_SAMPLED (the enum lives in the SDK's nested copy of sdk-trace)
const SAMPLED = 2;

const randomTraceId = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

describe('sampling at the door', () => {
  beforeAll(() => propagation.setGlobalPropagator(new core.W3CTraceContextPropagator()));
  afterAll(() => propagation.disable());

  it('lets in about one request in ten at 0.1, and none at 0', () => {
    const door = new SamplingAtTheDoor(0.1);
    let kept = 0;
    for (let i = 0; i < 4000; i++) if (door.letsIn({})) kept++;
    expect(kept / 4000).toBeGreaterThan(0.07);
    expect(kept / 4000).toBeLessThan(0.13);
    const closed = new SamplingAtTheDoor(0);
    expect(Array.from({ length: 1000 }, () => closed.letsIn({})).some(Boolean)).toBe(false);
  });

  it("follows the caller's traceparent whatever the draw, and draws for a malformed one", () => {
    const never = new SamplingAtTheDoor(0.5, () => 0.99);
    const always = new SamplingAtTheDoor(0.5, () => 0);
    expect(never.letsIn({ traceparent: SAMPLED_PARENT })).toBe(true);
    expect(always.letsIn({ traceparent: UNSAMPLED_PARENT })).toBe(false);
    expect(never.letsIn({ traceparent: '00-nonsense-01' })).toBe(false);
    expect(always.letsIn({ traceparent: '00-nonsense-01' })).toBe(true);
  });

  it('keeps the trace of a request let in, and samples any other new root at the ratio', () => {
    const sampler = new SamplingAtTheDoor(0).sampler();
    expect(sampler.toString()).toMatch(/^ParentBased\{root=LetInAtTheDoor\{others=TraceIdRatioBased\{0\}\}/);
    const letIn = { 'http.request.method': 'POST', [LET_IN_AT_THE_DOOR]: true };
    expect(sampler.shouldSample(ROOT_CONTEXT, randomTraceId(), 'POST', SpanKind.SERVER, letIn, []).decision).toBe(SAMPLED);
    // A request injected without a socket (no HTTP instrumentation asked the door), a projector's batch.
    expect(sampler.shouldSample(ROOT_CONTEXT, randomTraceId(), 'POST', SpanKind.SERVER, { 'http.request.method': 'POST' }, []).decision).not.toBe(SAMPLED);
    expect(sampler.shouldSample(ROOT_CONTEXT, randomTraceId(), 'project milestones', SpanKind.INTERNAL, { [LET_IN_AT_THE_DOOR]: true }, []).decision).not.toBe(
      SAMPLED,
    );
    // A child follows its parent, as before.
    const parent = trace.setSpanContext(ROOT_CONTEXT, { traceId: randomTraceId(), spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.SAMPLED });
    expect(sampler.shouldSample(parent, randomTraceId(), 'SELECT', SpanKind.CLIENT, {}, []).decision).toBe(SAMPLED);
  });
});

describe('doorSamplingRatio', () => {
  const all = ['http', 'fastify', 'pg'] as const;

  it('samples at the door with the default sampler and a ratio below 1', () => {
    expect(doorSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }, all)).toBe(0.1);
    expect(doorSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' }, all)).toBe(0);
  });

  it('leaves the decision to the SDK for any other sampler, every trace, an argument it would refuse, or without the HTTP instrumentation', () => {
    expect(doorSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_always_on' }, all)).toBeNull();
    expect(doorSamplingRatio({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }, all)).toBeNull();
    expect(doorSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '1' }, all)).toBeNull();
    expect(doorSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '1.5' }, all)).toBeNull();
    expect(doorSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: 'ten' }, all)).toBeNull();
    expect(doorSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio' }, all)).toBeNull();
    expect(doorSamplingRatio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }, ['fastify', 'pg'])).toBeNull();
  });
});
