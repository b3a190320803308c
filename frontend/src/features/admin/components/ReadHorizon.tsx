import { Alert } from 'antd';

import { useHealth } from '../api/get-health';

/**
 * The oldest transaction that holds back every reader of the global order: while one stays
 * open, projections (and the answers that wait for them) wait too. A warning names it.
 */
export function ReadHorizon() {
  const health = useHealth();
  if (health.isPending) return null;
  if (health.isError) return <Alert type="error" showIcon title="The health of the instance could not be read." />;
  const horizon = health.data.database.horizon;
  if (!horizon) return <Alert type="error" showIcon title="The database does not answer." description={health.data.database.error} />;
  return (
    <section aria-labelledby="read-horizon-heading" className="el-admin__section">
      <h2 id="read-horizon-heading">Read horizon</h2>
      {horizon.warning ? (
        <Alert
          type="warning"
          showIcon
          title={horizon.warning}
          description="End that transaction (or the client that left it open) and the projections catch up."
        />
      ) : (
        <p>
          {horizon.oldestTransactionSeconds === null
            ? 'No transaction holds the readers of the event order back.'
            : `The oldest open transaction (${horizon.application || 'an unnamed client'}) started ${horizon.oldestTransactionSeconds} s ago.`}
        </p>
      )}
    </section>
  );
}
