import { useState } from 'react';

import type { PayoutChange } from '../../../api/bank-accounts';
import { Notice } from '../../../components/Notice';
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
        <section aria-label="Payout account change" style={{ marginBottom: 16 }} data-testid="payout-change">
          <Notice tone="warning" title="Payout account changed">
            <p style={{ margin: '4px 0 8px' }}>{payoutChangeText(change, companyId === undefined ? 'company' : 'admin')}</p>
            {(change.can_confirm || change.can_undo) && (
              <div className="el-actions">
                {change.can_confirm && (
                  <button type="button" className="el-button el-button--small" disabled={decide.isPending} onClick={() => act('confirm')}>
                    Confirm change
                  </button>
                )}
                {change.can_undo && (
                  <button type="button" className="el-button el-button--small el-button--ghost" disabled={decide.isPending} onClick={() => act('undo')}>
                    Undo change
                  </button>
                )}
              </div>
            )}
            {decide.isError && (
              <p role="alert" style={{ margin: '8px 0 0' }}>
                {errorMessage(decide.error)}
              </p>
            )}
          </Notice>
        </section>
      )}
      <p role="status" className="el-muted" style={{ margin: done ? '0 0 16px' : 0 }}>
        {done === 'confirm' ? CHANGE_CONFIRMED : done === 'undo' ? CHANGE_UNDONE : ''}
      </p>
    </>
  );
}
