// The SDK's own reading of OTEL_TRACES_SAMPLER (NodeSDK calls it when given no sampler): the
// package's root does not export it.
import { ROOT_CONTEXT, SpanKind } from '@opentelemetry/api';
import { createSamplerFromEnv } from '@opentelemetry/sdk-node/build/src/create-from-env';

import { instrumentationsWanted, tracingWanted, withTracingDefaults } from './tracing-settings';

describe('tracingWanted', () => {
  it('is off by default and with OTEL_SDK_DISABLED or the exporter "none"', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
    expect(tracingWanted({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).toBe(false);
  });

  it('is on with an exporter or an OTLP endpoint', () => {
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces', OTEL_SDK_DISABLED: 'false' })).toBe(true);
  });
});

describe('the sampler the SDK builds from the settings', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) Reflect.deleteProperty(process.env, key);
    Object.assign(process.env, saved);
  });

  /** The settings with this deployment's defaults, as the SDK reads them at start. */
  function samplerFor(settings: Record<string, string>) {
    for (const key of Object.keys(process.env)) if (key.startsWith('OTEL_')) Reflect.deleteProperty(process.env, key);
    Object.assign(process.env, settings);
    withTracingDefaults(process.env);
    return createSamplerFromEnv();
  }

  /** The share of 4,000 new root traces the sampler keeps. */
  function keptShare(sampler: NonNullable<ReturnType<typeof createSamplerFromEnv>>): number {
    let kept = 0;
    for (let i = 0; i < 4000; i++) {
      const traceId = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
      // 2: RECORD_AND_SAMPLED (the enum lives in the SDK's nested copy of sdk-trace)
      if (sampler.shouldSample(ROOT_CONTEXT, traceId, 'POST /api/milestone/approval', SpanKind.SERVER, {}, []).decision === 2) kept++;
    }
    return kept / 4000;
  }

  it('keeps one new trace in ten when the settings name no sampler, and follows a sampled caller', () => {
    const sampler = samplerFor({ OTEL_TRACES_EXPORTER: 'otlp' });
    expect(sampler?.toString()).toMatch(/^ParentBased\{root=TraceIdRatioBased\{0\.1\}/);
    const share = keptShare(sampler!);
    expect(share).toBeGreaterThan(0.07);
    expect(share).toBeLessThan(0.13);
  });

  it('keeps every trace when an operator sets the ratio to 1', () => {
    const sampler = samplerFor({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER_ARG: '1' });
    expect(sampler?.toString()).toMatch(/^ParentBased\{root=TraceIdRatioBased\{1\}/);
    expect(keptShare(sampler!)).toBe(1);
  });

  it('leaves a sampler the settings name to the SDK, with its own argument', () => {
    expect(samplerFor({ OTEL_TRACES_SAMPLER: 'parentbased_always_on' })?.toString()).toMatch(/^ParentBased\{root=AlwaysOnSampler/);
    expect(samplerFor({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.5' })?.toString()).toBe('TraceIdRatioBased{0.5}');
  });
});

describe('instrumentationsWanted', () => {
  it('installs all three unless OTEL_NODE_DISABLED_INSTRUMENTATIONS names some', () => {
    expect(instrumentationsWanted({})).toEqual(['http', 'fastify', 'pg']);
    expect(instrumentationsWanted({ OTEL_NODE_DISABLED_INSTRUMENTATIONS: ' Fastify , pg' })).toEqual(['http']);
    expect(instrumentationsWanted({ OTEL_NODE_DISABLED_INSTRUMENTATIONS: '' })).toEqual(['http', 'fastify', 'pg']);
  });

  it('refuses a name it does not know instead of leaving that instrumentation on', () => {
    expect(() => instrumentationsWanted({ OTEL_NODE_DISABLED_INSTRUMENTATIONS: 'http,postgres' })).toThrow(
      'OTEL_NODE_DISABLED_INSTRUMENTATIONS names postgres: the instrumentations here are http, fastify, pg',
    );
  });
});
