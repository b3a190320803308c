import {
  asCompanyRole,
  formatPosition,
  maskedAccount,
  type PaidToAccount,
  type RecordedEvent,
  type WebhookActor,
  type WebhookKind,
  type WebhookPayload,
} from '@escrow/domain';
import { v5 as uuidv5 } from 'uuid';

/** Namespace of delivery ids (a random UUID, fixed forever). */
const DELIVERY_NAMESPACE = '9d3a6f0e-7b1c-4c55-8e2f-5a0d4b6c9e21';

/** One id per endpoint and event, whatever process computes it and however often: receivers deduplicate by it. */
export function deliveryIdOf(endpointId: number, eventId: string): string {
  return uuidv5(`${endpointId}\u0000${eventId}`, DELIVERY_NAMESPACE);
}

/** The project an event belongs to: project events carry it in their data, milestone events in their metadata. */
export function projectIdOf(event: RecordedEvent): number | null {
  const id = Number((event.data as { jobId?: unknown }).jobId ?? (event.metadata as { jobId?: unknown }).jobId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The person an event's metadata names as its actor; null for the system. */
export function actorIdOf(event: RecordedEvent): number | null {
  const id = Number(event.metadata.actorId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

const ACTOR_KINDS: readonly WebhookActor['kind'][] = ['company', 'customer', 'admin', 'system'];

/**
 * The body of a delivery, written once and sent byte for byte on every attempt. `actorName` is
 * the acting person's name where this endpoint may read it (the deliverer decides), else null.
 */
export function payloadOf(deliveryId: string, kind: WebhookKind, event: RecordedEvent, projectId: number, actorName: string | null = null): string {
  const originalId = Number((event.data as { originalId?: unknown }).originalId);
  const milestoneOriginalId = event.streamId.startsWith('milestone-') && Number.isInteger(originalId) ? originalId : null;
  const payload: WebhookPayload = {
    id: deliveryId,
    kind,
    occurred_at: event.metadata.occurredAt,
    project_id: projectId,
    milestone_original_id: milestoneOriginalId,
    milestone_id: milestoneOriginalId,
    event: {
      id: event.id,
      type: event.type,
      stream: event.streamId,
      revision: event.revision,
      position: formatPosition(event.position)!,
      hash: event.integrity?.hash ?? null,
    },
    data: dataOf(event),
    actor: {
      kind: ACTOR_KINDS.find((k) => k === event.metadata.actorRole) ?? 'system',
      user_id: actorIdOf(event),
      name: actorName,
      company_role: asCompanyRole(event.metadata.actorCompanyRole),
    },
  };
  return JSON.stringify(payload);
}

/** The event's data; a payout's names the account it was paid to, masked (null: paid before payouts named their account). */
function dataOf(event: RecordedEvent): Record<string, unknown> {
  const data = event.data as Record<string, unknown>;
  if (event.type !== 'DisbursementPaid' && event.type !== 'RetainagePaid') return data;
  const account = data.payoutAccount as PaidToAccount | null | undefined;
  return { ...data, payout_account: account ? { last4: account.last4, masked: maskedAccount(account.last4), bank_name: account.bankName } : null };
}
