import { Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';

import { Spinner } from '../../components/Spinner';
import { space } from '../../design/tokens';
import { useDisputes } from '../../features/admin/api/get-disputes';
import { useRetainageDisputes } from '../../features/admin/api/retainage';
import { DisputeCard } from '../../features/admin/components/DisputeCard';
import { RetainageDisputesTable } from '../../features/admin/components/RetainageDisputesTable';
import { milestoneEvidence } from '../../features/attachments/api/owner';
import { LazyDisputeEvidence } from '../../features/attachments/components/lazy';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { isLoggedIn } from '../../features/auth/api/types';
import { AdminShell } from './AdminShell';

/**
 * /admin/disputes: both sides' statements and evidence (files with who added them, when, and their
 * SHA-256); resolve by release, refund or split. Open retainage
 * disputes (about a project, not a milestone) are listed after them and resolved on the project.
 */
export function AdminDisputesPage() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const disputes = useDisputes(status);
  const retainage = useRetainageDisputes();
  const { data: user } = useCurrentUser();
  const userId = isLoggedIn(user) ? user.user_id : 0;
  // A resolved dispute's card leaves the list, and with it the focus (it was in the card's dialog):
  // once the card has gone, the list takes the focus, so the keyboard goes on from there.
  const list = useRef<HTMLElement>(null);
  const resolved = useRef<number | null>(null);
  useEffect(() => {
    if (resolved.current === null || disputes.data?.some((d) => d.dispute_id === resolved.current)) return;
    list.current?.focus();
    resolved.current = null;
  }, [disputes.data]);
  return (
    <AdminShell>
      <h1>Disputes</h1>
      <Radio.Group
        aria-label="Which disputes"
        value={status}
        onChange={(e) => setStatus(e.target.value as 'open' | 'resolved')}
        optionType="button"
        options={[
          { value: 'open', label: 'Open' },
          { value: 'resolved', label: 'Resolved' },
        ]}
        style={{ marginBottom: space.base }}
      />
      {disputes.isPending && <Spinner />}
      <section ref={list} tabIndex={-1} aria-label={status === 'open' ? 'Open disputes' : 'Resolved disputes'}>
        {disputes.data?.length === 0 && <p>{status === 'open' && retainage.data?.length ? 'No open milestone disputes.' : `No ${status} disputes.`}</p>}
        {disputes.data?.map((d) => (
          <DisputeCard
            key={d.dispute_id}
            dispute={d}
            onResolved={() => (resolved.current = d.dispute_id)}
            evidence={
              <LazyDisputeEvidence
                owner={milestoneEvidence(d.original_id)}
                disputeId={d.dispute_id}
                open={d.status === 'open'}
                viewer={{ userId, role: 'admin' }}
                withWork
              />
            }
          />
        ))}
      </section>
      {status === 'open' && !!retainage.data?.length && (
        <section aria-labelledby="retainage-disputes">
          <h2 id="retainage-disputes">Retainage disputes</h2>
          <p>Each is about a project's retainage: open the project to read its Retainage tab and resolve it there.</p>
          <RetainageDisputesTable rows={retainage.data} />
        </section>
      )}
    </AdminShell>
  );
}
