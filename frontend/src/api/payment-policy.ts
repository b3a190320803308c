import type { PaymentPolicy } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client';

/** How long money takes (GET /api/payments/policy), in the API contract's words. */
export type { PaymentPolicy };

const paymentPolicyQuery = () =>
  queryOptions({
    queryKey: ['payments', 'policy'] as const,
    queryFn: async () => (await api.get<PaymentPolicy>('/payments/policy')).data,
    staleTime: 10 * 60_000,
  });

export const usePaymentPolicy = () => useQuery(paymentPolicyQuery());
