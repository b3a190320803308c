import { useState } from 'react';

import type { PayoutChange } from '../../../api/bank-accounts';
import { LightButton } from '../../../components/LightButton';
import { Notice } from '../../../components/Notice';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { type PayoutChangeDecision, usePayoutChangeDecision } from '../api/payout-change';
import { payoutChangeText } from './texts';

export const CHANGE_CONFIRMED = 'Change confirmed: payouts go to the new account now.';
export const CHANGE_UNDONE = 'Change undone: payouts go to the previous account again.';

/**
 * A company's payout account changed and waits out its hold: who changed it, when, from where, and
 * the two ways out. Plain elements (no antd): the portal's home shows it above the project list.
 * `companyId` makes it the administrators' (their routes, their wording).
 */
export function PayoutChangeBanner({ change, companyId }: { change: PayoutChange | null; companyId?: number }) {
  const decide = usePayoutChangeDecision(companyId);
  const [done, setDone] = useState<PayoutChangeDecision | null>(null);
  const act = (decision: PayoutChangeDecision) => decide.mutate(decision, { onSuccess: () => setDone(decision) });
  // The live region stays mounted with or without a change: the outcome of Confirm or Undo is said after the change is gone.
  return (
    <>
      {change && (
        <section aria-label="Payout account change" style={{ marginBottom: space.base }} data-testid="payout-change">
          <Notice tone="warning" title="Payout account changed">
            <p style={{ margin: `${space.xxs}px 0 ${space.xs}px` }}>{payoutChangeText(change, companyId === undefined ? 'company' : 'admin')}</p>
            {(change.can_confirm || change.can_undo) && (
              <div className="el-actions">
                {change.can_confirm && (
                  <LightButton variant="primary" size="small" disabled={decide.isPending} onClick={() => act('confirm')}>
                    Confirm change
                  </LightButton>
                )}
                {change.can_undo && (
                  <LightButton size="small" disabled={decide.isPending} onClick={() => act('undo')}>
                    Undo change
                  </LightButton>
                )}
              </div>
            )}
            {decide.isError && (
              <p role="alert" style={{ margin: `${space.xs}px 0 0` }}>
                {errorMessage(decide.error)}
              </p>
            )}
          </Notice>
        </section>
      )}
      <p role="status" className="el-muted" style={{ margin: done ? `0 0 ${space.base}px` : 0 }}>
        {done === 'confirm' ? CHANGE_CONFIRMED : done === 'undo' ? CHANGE_UNDONE : ''}
      </p>
    </>
  );
}
