import type { ReturnWindow } from '@escrow/domain';
import { addBusinessDays } from 'date-fns/addBusinessDays';

/**
 * How long after settlement an ACH debit can still be returned by the buyer's bank (R01
 * insufficient funds, R10 unauthorised, …). Funds are disbursed or refunded only once it has
 * passed. Live ACH: business days (2 by default); the sandbox: milliseconds, so a demo clears in
 * seconds. The API answers it (GET /api/payments/policy), so its shape is the contract's.
 */
export type { ReturnWindow };

/** Reads "2bd" (business days), "5s" or "1500ms"; null when unset. */
export function parseReturnWindow(value: string | undefined): ReturnWindow | null {
  if (value === undefined || value.trim() === '') return null;
  const match = /^\s*(\d+)\s*(bd|s|ms)\s*$/i.exec(value);
  if (!match) throw new Error(`PAYMENTS_RETURN_WINDOW must look like "2bd" (business days), "5s" or "1500ms", got "${value}"`);
  const amount = Number(match[1]);
  switch (match[2]!.toLowerCase()) {
    case 'bd':
      return { unit: 'business-days', days: amount };
    case 's':
      return { unit: 'ms', ms: amount * 1000 };
    default:
      return { unit: 'ms', ms: amount };
  }
}

/** When funds settled at `settledAt` clear. Business days skip Saturdays and Sundays (bank holidays are not modelled). */
export function clearsAt(settledAt: Date, window: ReturnWindow): Date {
  return window.unit === 'ms' ? new Date(settledAt.getTime() + window.ms) : addBusinessDays(settledAt, window.days);
}

export function describeReturnWindow(window: ReturnWindow): string {
  if (window.unit === 'business-days') return `${window.days} business day${window.days === 1 ? '' : 's'}`;
  return window.ms % 1000 === 0 ? `${window.ms / 1000} seconds` : `${window.ms} ms`;
}
