import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client';

/** How long money takes (GET /api/payments/policy): the settlement of an ACH debit and the return window after it. */
export interface PaymentPolicy {
  ach_settle_business_days: number;
  return_window: { unit: 'business-days'; days: number } | { unit: 'ms'; ms: number };
  return_window_text: string;
}

export const paymentPolicyQuery = () =>
  queryOptions({
    queryKey: ['payments', 'policy'] as const,
    queryFn: async () => (await api.get<PaymentPolicy>('/payments/policy')).data,
    staleTime: 10 * 60_000,
  });

export const usePaymentPolicy = () => useQuery(paymentPolicyQuery());
