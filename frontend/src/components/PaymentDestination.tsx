import type { PaymentDestination as Destination } from '../api/bank-accounts';
import { LightTag } from './LightTag';

/**
 * Where a disbursement or retainage payment goes ("to ••••6789") and, while it waits, why: the
 * API's own hold text in a warning tag ("held: payout account changed on Nov 26, 2026").
 */
export function PaymentDestination({ payment: shown }: { payment: object | null | undefined }) {
  // Issue 25 adds the two fields to payments the API already answered; older answers lack them.
  const payment = shown as Destination | null | undefined;
  if (!payment?.payout_account && !payment?.hold) return null;
  return (
    <>
      {payment.payout_account && <span> to {payment.payout_account.masked}</span>}
      {payment.hold && (
        <>
          {' '}
          <LightTag colour="gold" data-testid="payment-hold">
            {payment.hold.text}
          </LightTag>
        </>
      )}
    </>
  );
}
