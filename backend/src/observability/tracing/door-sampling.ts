import { type Attributes, type Context, type Link, propagation, ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';

type Sampler = tracing.Sampler;
type SamplingResult = tracing.SamplingResult;

/**
 * The attribute the HTTP instrumentation puts on the server span of a request the door let in
 * (`startIncomingSpanHook`); the sampler keeps such a span's trace. Not on the export list
 * (span-redaction.ts): it only carries the door's decision to the sampler.
 */
export const LET_IN_AT_THE_DOOR = 'sampling.let_in_at_the_door';

/**
 * Head sampling decided before any span exists (docs/operations.md, "Traces"). With the default
 * `parentbased_traceidratio`, a request whose trace was not kept still cost its spans: the SDK
 * generated ids, asked the sampler and built a non-recording span for every hook, handler and
 * statement, which was most of tracing's CPU on an approval (docs/performance.md, issue 40). Here
 * the HTTP instrumentation asks `letsIn` first; a request left out runs with tracing suppressed,
 * so each span the instrumentations then ask for is the SDK's shared no-op at once. Which
 * requests are traced does not change: a caller's `traceparent` decides when it sends one
 * (parent-based), otherwise one request in 1/ratio at random, as a random trace id under the
 * ratio sampler would.
 */
export class SamplingAtTheDoor {
  constructor(
    readonly ratio: number,
    private readonly random: () => number = Math.random,
  ) {}

  /** Whether an incoming request is traced. */
  letsIn(headers: Record<string, string | string[] | undefined>): boolean {
    const parent = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, headers));
    if (parent && trace.isSpanContextValid(parent)) return (parent.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED;
    return this.random() < this.ratio;
  }

  /**
   * The SDK's sampler: parent-based, as before; a new root keeps its trace when it is the server
   * span of a request the door let in, and is sampled at the ratio otherwise (work of no request:
   * the projectors' batches, webhook deliveries; a request injected without a socket).
   */
  sampler(): Sampler {
    return new tracing.ParentBasedSampler({ root: new LetInAtTheDoor(new tracing.TraceIdRatioBasedSampler(this.ratio)) });
  }
}

class LetInAtTheDoor implements Sampler {
  constructor(private readonly others: Sampler) {}

  shouldSample(context: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): SamplingResult {
    if (kind === SpanKind.SERVER && attributes[LET_IN_AT_THE_DOOR] === true) return { decision: tracing.SamplingDecision.RECORD_AND_SAMPLED };
    return this.others.shouldSample(context, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `LetInAtTheDoor{others=${this.others.toString()}}`;
  }
}
