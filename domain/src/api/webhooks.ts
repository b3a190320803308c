/**
 * The API's webhook answers and the body every delivery carries (docs/webhooks.md), written once
 * for the backend and the console.
 */
import type { CompanyRole } from '../teams/permissions';
import type { WebhookKind } from '../webhooks/kinds';

/**
 * Who did what a delivery reports (issue 37): the kind of actor, the person by id and, for a
 * member of a company, their role then. The person's name is given only to the actor's own
 * company's endpoints and the administrators' (null otherwise, and for the system).
 */
export interface WebhookActor {
  kind: 'company' | 'customer' | 'admin' | 'system';
  user_id: number | null;
  name: string | null;
  /** Null for others than company members, and on events from before roles. */
  company_role: CompanyRole | null;
}

/** A receiver an integrator registered: a company's (its projects only) or the administrators' (every project). */
export interface WebhookEndpointView {
  id: number;
  url: string;
  description: string | null;
  kinds: WebhookKind[];
  /** The company whose projects it hears about; null for an administrators' endpoint (every project). */
  company_id: number | null;
  enabled: boolean;
  created_at: string;
  secret_rotated_at: string | null;
  /** After a rotation the previous secret signs too until then (both signatures are sent). */
  previous_secret_expires_at: string | null;
}

/** The answer of a registration or a rotation: the only time the secret is shown. */
export interface WebhookEndpointWithSecretView extends WebhookEndpointView {
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

/** One event for one endpoint, tried until the receiver answers 2xx or 24 hours have passed. */
export interface WebhookDeliveryView {
  /** Stable across every attempt and restart (Escrow-Delivery-Id): receivers deduplicate by it. */
  delivery_id: string;
  endpoint_id: number;
  event_id: string;
  kind: WebhookKind;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  /** When the next attempt is due; null when none is planned. */
  next_attempt_at: string | null;
  first_attempt_at: string | null;
  delivered_at: string | null;
  manual_resends: number;
  created_at: string;
}

/** One try of a delivery, as the delivery log shows it. */
export interface WebhookAttemptView {
  attempt: number;
  started_at: string;
  /** The receiver's HTTP status; null when it never answered (refused, timed out, interrupted). */
  status_code: number | null;
  latency_ms: number | null;
  error: string | null;
  /** The retry this attempt scheduled, if any. */
  next_attempt_at: string | null;
  manual: boolean;
}

export interface WebhookDeliveryDetailView extends WebhookDeliveryView {
  attempts_log: WebhookAttemptView[];
  /** The exact body sent (and signed) on every attempt. */
  payload: WebhookPayload;
}

/** The JSON body of every delivery. */
export interface WebhookPayload {
  /** The delivery id (also in the Escrow-Delivery-Id header). */
  id: string;
  kind: WebhookKind;
  /** When the escrow decided it (the event's occurredAt). */
  occurred_at: string;
  project_id: number;
  /** The milestone, by its original id (`original_id` elsewhere in the API); null for project events. */
  milestone_original_id: number | null;
  /**
   * Deprecated: the same value as `milestone_original_id`, kept for receivers written before it
   * (in the REST requests `milestone_id` names a version, here the milestone's original id).
   * @deprecated
   */
  milestone_id: number | null;
  /** The stored event: its id, type, stream, revision, place in the global order and its hash in the ledger's chain. */
  event: { id: string; type: string; stream: string; revision: number; position: string; hash: string | null };
  /** The event's data in its current schema: ids and amounts (two-decimal strings), never personal data. */
  data: Record<string, unknown>;
  actor: WebhookActor;
}

/** DELETE /api/webhooks/endpoints/{id}: the endpoint is gone and its pending deliveries cancelled. */
export interface WebhookEndpointDeleted {
  id: number;
  deleted: true;
}
