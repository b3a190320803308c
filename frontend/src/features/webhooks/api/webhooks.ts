import type { WebhookDeliveryDetailView, WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecretView, WebhookKind } from '@escrow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';

/** Query keys of the webhooks feature; mutations invalidate through the same factory. */
const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: number) => [...webhookKeys.endpoints(), endpointId, 'deliveries'] as const,
  delivery: (deliveryId: string) => [...webhookKeys.all, 'delivery', deliveryId] as const,
};

export interface EndpointInput {
  url: string;
  kinds: WebhookKind[];
  description?: string;
}

const getEndpoints = async () => (await api.get<WebhookEndpointView[]>('/webhooks/endpoints')).data;
export const useEndpoints = () => useQuery({ queryKey: webhookKeys.endpoints(), queryFn: getEndpoints });

/** Registration: the answer carries the secret, the only time it is shown. Safe to re-send (Idempotency-Key). */
export function useRegisterEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EndpointInput) => (await api.post<WebhookEndpointWithSecretView>('/webhooks/endpoints', input, asCommand())).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

export function useChangeEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...changes }: { id: number } & Partial<EndpointInput> & { enabled?: boolean }) =>
      (await api.put<WebhookEndpointView>(`/webhooks/endpoints/${id}`, changes)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete(`/webhooks/endpoints/${id}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

/** A new secret, shown once; the previous one keeps signing for the overlap. */
export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, overlapHours }: { id: number; overlapHours: number }) =>
      (await api.post<WebhookEndpointWithSecretView>(`/webhooks/endpoints/${id}/rotate-secret`, { overlap_hours: overlapHours }, asCommand())).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

const getDeliveries = async (endpointId: number) => (await api.get<WebhookDeliveryView[]>(`/webhooks/endpoints/${endpointId}/deliveries`)).data;
/** The log refreshes while deliveries are still pending, so retries show as they happen. */
export const useDeliveries = (endpointId: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: () => getDeliveries(endpointId),
    refetchInterval: (query) => ((query.state.data ?? []).some((d) => d.status === 'pending') ? 2000 : 15_000),
  });

const getDelivery = async (deliveryId: string) => (await api.get<WebhookDeliveryDetailView>(`/webhooks/deliveries/${deliveryId}`)).data;
export const useDelivery = (deliveryId: string) => useQuery({ queryKey: webhookKeys.delivery(deliveryId), queryFn: () => getDelivery(deliveryId) });

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) => (await api.post<WebhookDeliveryView>(`/webhooks/deliveries/${deliveryId}/resend`)).data,
    onSuccess: (delivery) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(delivery.endpoint_id) }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.delivery(delivery.delivery_id) }),
      ]),
  });
}
