import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

import { checkEndpointUrl, EndpointUrlError, guardedLookup } from './endpoint-url';
import { SIGNATURE_HEADER, signatureHeader } from './signatures';

export interface SendOutcome {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

export interface OutgoingDelivery {
  url: string;
  deliveryId: string;
  kind: string;
  eventId: string;
  /** The request that caused the event (Escrow-Correlation-Id), when known. */
  correlationId?: string | null;
  body: string;
  secrets: string[];
}

/**
 * Why the stored URL may not be used now (the rules of checkEndpointUrl, which may have changed
 * since it was stored, or the setting since): null when it may. The connection skips its lookup
 * for a literal address, so this is what stops a request to one.
 */
function refusedUrl(url: string, allowLoopback: boolean): string | null {
  try {
    checkEndpointUrl(url, allowLoopback);
    return null;
  } catch (error) {
    if (error instanceof EndpointUrlError) return `not sent: ${error.message}`;
    throw error;
  }
}

/**
 * One POST to a receiver: signed, no redirects followed, only to allowed addresses (the URL is
 * checked again, and the connection's own lookup refuses names that resolve elsewhere), bounded
 * in time (connecting and answering), decided by the answer's status alone. Never throws: every
 * failure is an outcome to log.
 */
export function sendDelivery(delivery: OutgoingDelivery, options: { timeoutMs: number; allowLoopback: boolean }): Promise<SendOutcome> {
  const refused = refusedUrl(delivery.url, options.allowLoopback);
  if (refused) return Promise.resolve({ statusCode: null, latencyMs: 0, error: refused });
  const started = process.hrtime.bigint();
  const elapsedExact = () => Number(process.hrtime.bigint() - started) / 1e6;
  const elapsed = () => Math.round(elapsedExact());
  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ statusCode, latencyMs: elapsed(), error });
    };
    const timestamp = Math.floor(Date.now() / 1000);
    const url = new URL(delivery.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowLoopback) as never,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(delivery.body),
          'user-agent': 'EscrowLedger-Webhooks/1',
          'escrow-delivery-id': delivery.deliveryId,
          'escrow-event-kind': delivery.kind,
          'escrow-event-id': delivery.eventId,
          ...(delivery.correlationId ? { 'escrow-correlation-id': delivery.correlationId } : {}),
          [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(delivery.secrets, timestamp, delivery.body),
        },
      },
      (res) => {
        // The status decides; the answer's body is not read (a receiver streaming a large or slow one must not hold us).
        const status = res.statusCode ?? null;
        const redirect = status !== null && status >= 300 && status < 400;
        finish(
          status,
          status !== null && status >= 200 && status < 300 ? null : redirect ? `redirect to ${res.headers.location ?? '?'} not followed` : `answered ${status}`,
        );
        res.destroy();
      },
    );
    // Node's timers run on the event loop's cached clock and may fire a little early on a busy
    // process: give up only once the whole time has passed, so "no answer within" is true.
    const giveUpAfter = (ms: number): NodeJS.Timeout =>
      setTimeout(() => {
        const left = options.timeoutMs - elapsedExact();
        if (left > 0) {
          timer = giveUpAfter(Math.ceil(left));
          return;
        }
        finish(null, `no answer within ${options.timeoutMs} ms`);
        req.destroy();
      }, ms);
    let timer = giveUpAfter(options.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish(null, error.code === 'EADDRNOTPUBLIC' ? error.message : `${error.code ?? 'error'}: ${error.message}`),
    );
    req.end(delivery.body);
  });
}
