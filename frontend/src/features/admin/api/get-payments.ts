import type { AdminPaymentRow } from '@escrow/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface PaymentFilters {
  kind?: string;
  status?: string;
  from?: string;
  to?: string;
  job_id?: string;
  party?: string;
}

export const PAYMENT_STATUSES = ['pending', 'settled', 'failed', 'requested', 'paid'] as const;

const clean = (filters: PaymentFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== ''));

/** The same filters as the table, as a CSV download served by the API. */
export const paymentsCsvUrl = (filters: PaymentFilters) => `/api/admin/payments?${new URLSearchParams({ ...clean(filters), format: 'csv' }).toString()}`;

const getPayments = async (filters: PaymentFilters) => (await api.get<AdminPaymentRow[]>('/admin/payments', { params: clean(filters) })).data;
export const usePayments = (filters: PaymentFilters, enabled = true) =>
  useQuery({ queryKey: adminKeys.payments(clean(filters)), queryFn: () => getPayments(filters), placeholderData: keepPreviousData, enabled });

const DATE_RANGE_BACKWARDS = 'The From day must be earlier than the Before day: no payment is on or after the one and before the other.';

/** A range that can hold nothing (the From day on or after the Before day) is a mistake, not "no data". */
export const dateRangeProblem = (from: string | undefined, to: string | undefined): string | null => (from && to && from >= to ? DATE_RANGE_BACKWARDS : null);
