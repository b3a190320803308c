import { formatDollars, type ProgressBillingView } from '@escrow/domain';
import { Alert, Button, Tag } from 'antd';

import { errorMessage } from '../../../lib/api-client';
import { errorCode } from '../../../lib/api-error';
import { useDecideOnChangeOrder } from '../api/change-orders';
import { BillingFileLinks } from './BillingFiles';
import { RoleReasons, useBillingPermissions } from './role-gate';
import { STATUS_LABELS, TEXTS } from './texts';

const party = { customer: 'the buyer', company: 'the seller' } as const;

/** The change orders, each with its changes and net change; the other party approves, either rejects (the proposer withdraws). */
export function ChangeOrders({ projectId, view }: { projectId: number; view: ProgressBillingView }) {
  const decide = useDecideOnChangeOrder(projectId);
  const decides = useBillingPermissions()('ApproveChangeOrder');
  const mine = view.viewer === 'customer' || view.viewer === 'company' ? view.viewer : null;
  if (view.change_orders.length === 0) return <p className="el-empty">No change orders.</p>;
  return (
    <>
      <ul aria-label="Change orders">
        {view.change_orders.map((c) => (
          <li key={c.change_order_id}>
            <p>
              <strong>{`Change order ${c.change_order_id}`}</strong> <Tag>{STATUS_LABELS[c.status]}</Tag>
              {` proposed by ${party[c.proposed_by_party]}: ${c.reason}. Net change ${formatDollars(c.net_change)}.`}
            </p>
            <ul>
              {c.changes.map((ch) => (
                <li key={ch.line}>{`Line ${ch.line}: ${formatDollars(ch.from)} → ${formatDollars(ch.to)}`}</li>
              ))}
              {c.new_lines.map((l) => (
                <li key={l.number}>{`New line ${l.number}, ${l.description}: ${formatDollars(l.scheduled_value)}`}</li>
              ))}
            </ul>
            <BillingFileLinks projectId={projectId} ids={c.attachment_ids} label={`Files of change order ${c.change_order_id}`} />
            {c.status === 'proposed' && mine && (
              <div className="el-actions">
                {c.proposed_by_party !== mine && (
                  <Button
                    type="primary"
                    disabled={!decides.allowed}
                    loading={decide.isPending}
                    onClick={() => decide.mutate({ changeOrderId: c.change_order_id, decision: 'approve' })}
                  >
                    {`Approve change order ${c.change_order_id}`}
                  </Button>
                )}
                <Button disabled={!decides.allowed} onClick={() => decide.mutate({ changeOrderId: c.change_order_id, decision: 'reject' })}>
                  {c.proposed_by_party === mine ? `Withdraw change order ${c.change_order_id}` : `Reject change order ${c.change_order_id}`}
                </Button>
                <RoleReasons reasons={[decides.reason]} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {decide.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(decide.error)}
          description={errorCode(decide.error) === 'application_open' ? TEXTS.applicationOpen : undefined}
        />
      )}
    </>
  );
}
