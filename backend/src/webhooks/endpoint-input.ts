import { invalid, isWebhookKind, type WebhookKind } from '@escrow/domain';

import { checkEndpointUrl, EndpointUrlError } from './endpoint-url';

/** A receiver's URL as registered or changed: trimmed, and refused (400) where checkEndpointUrl refuses it. */
export function endpointUrl(text: string, allowHttpLoopback: boolean): string {
  try {
    return checkEndpointUrl(text.trim(), allowHttpLoopback);
  } catch (error) {
    if (error instanceof EndpointUrlError) throw invalid('endpoint_url', error.message);
    throw error;
  }
}

/** The kinds of event an endpoint hears, sorted; an unknown kind is refused (400). */
export function endpointKinds(kinds: string[]): WebhookKind[] {
  const unknown = kinds.filter((k) => !isWebhookKind(k));
  if (unknown.length) throw invalid('unknown_event_kind', `Unknown event kind ${JSON.stringify(unknown[0])}; see docs/webhooks.md for the kinds.`);
  // The request DTOs refuse a kind listed twice (kinds.validation.ts).
  return [...(kinds as WebhookKind[])].sort();
}
