// An open-loop load at a constant arrival rate: request i is due at start + i / rate, whatever
// happened to the requests before it. Latency counts from when a request was due, so a slow
// server or a busy client is charged for the wait (no coordinated omission). autocannon's rate
// option instead lets each connection send back to back until its quota for the second is used
// up: a burst at the start of every second, which measures queueing behind the burst.
import * as hdr from 'hdr-histogram-js';
import { Pool } from 'undici';

/**
 * What a failed request was, as one kind: the status with the answer's machine reason
 * (`401 step_up_required`), or the socket error's code, or a mismatched body. The first message
 * of each kind is kept: a figure of requests that all failed measures nothing, and the run must
 * say why (issue 40).
 */
export function errorKinds() {
  const kinds = new Map();
  return {
    add(kind, message) {
      const entry = kinds.get(kind) ?? { kind, count: 0, message: String(message ?? '').slice(0, 300) };
      entry.count++;
      kinds.set(kind, entry);
    },
    /** An HTTP answer outside 2xx: the error body's `reason` (or `code`), else its message. */
    answer(status, text) {
      let body = null;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the text itself is the message
      }
      const cause = body?.reason ?? body?.code ?? null;
      this.add(cause ? `${status} ${cause}` : String(status), body?.message ?? text);
    },
    list: () => [...kinds.values()].sort((a, b) => b.count - a.count),
  };
}

/**
 * @param {{ base: string, rate: number, seconds: number, method: string, path: (i: number) => string,
 *   body?: (i: number) => unknown, headers?: Record<string, string>, verifyBody?: (text: string) => boolean,
 *   connections?: number }} options
 */
/** A body check that throws (an answer that is not JSON) is a mismatch, not a socket error. */
export function safely(verify, text) {
  try {
    return verify(text);
  } catch {
    return false;
  }
}

export async function pacedLoad({ base, rate, seconds, method, path, body, headers = {}, verifyBody, connections = 64 }) {
  const pool = new Pool(base, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: 3 });
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  let sent = 0;
  let errors = 0;
  let mismatches = 0;
  const kinds = errorKinds();
  /** Answers the API gave before its read models caught up (X-Escrow-Stale). */
  let stale = 0;
  const inFlight = new Set();
  const started = performance.now();
  let lastDoneAt = started;

  const send = (i, dueAt) => {
    const payload = body ? JSON.stringify(body(i)) : undefined;
    const request = pool
      .request({
        method,
        path: path(i),
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        body: payload,
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      })
      .then(async (response) => {
        const text = await response.body.text();
        if (response.headers['x-escrow-stale'] === 'true') stale++;
        if (response.statusCode < 200 || response.statusCode >= 300) {
          errors++;
          kinds.answer(response.statusCode, text);
        } else if (verifyBody && !safely(verifyBody, text)) {
          mismatches++;
          kinds.add('mismatch', text);
        }
      })
      .catch((error) => {
        errors++;
        kinds.add(/timeout/i.test(error?.code ?? '') ? `time-out ${error.code}` : `socket ${error?.code ?? error?.name ?? 'error'}`, error?.message);
      })
      .finally(() => {
        // Microseconds, from when the request was due.
        histogram.recordValue(Math.max(1, Math.round((performance.now() - dueAt) * 1000)));
        lastDoneAt = performance.now();
        inFlight.delete(request);
      });
    inFlight.add(request);
  };

  await new Promise((resolveLoop) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * intervalMs <= now) {
        send(sent, started + sent * intervalMs);
        sent++;
      }
      if (sent >= total) return resolveLoop();
      // A timer no later than the next due time; 1 ms is the finest a Node timer goes.
      setTimeout(tick, Math.max(0, Math.min(1, started + sent * intervalMs - performance.now())));
    };
    tick();
  });
  await Promise.all(inFlight);
  await pool.close();
  const ms = (p) => histogram.getValueAtPercentile(p) / 1000;
  return {
    // Answers per second, until the last one came back: below the offered rate when the server falls behind.
    rps: total / Math.max((lastDoneAt - started) / 1000, seconds),
    p50: Number(ms(50).toFixed(1)),
    p99: Number(ms(99).toFixed(1)),
    max: Number((histogram.maxValue / 1000).toFixed(1)),
    errors: errors + mismatches,
    errorKinds: kinds.list(),
    stale,
    total,
  };
}
