import {
  type BillingLineView,
  type CompanyNameMatch,
  formatDollars,
  payApplicationFigures,
  type ProgressBillingView,
  type ScheduleVersionView,
} from '@escrow/domain';
import { Alert, Button, Input, Tag } from 'antd';
import { useState } from 'react';

import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { useDecideOnSchedule } from '../api/schedule';
import { billingLineOf, toDateOf } from './figures';
import { RoleReasons, useBillingPermissions } from './role-gate';
import { STATUS_LABELS, TEXTS } from './texts';

const dollars = (v: string) => formatDollars(v);
const retainageOf = (l: { retainage: BillingLineView['retainage'] }) =>
  `${l.retainage.rate}%${l.retainage.reduction ? `, ${l.retainage.reduction.to_rate}% from ${l.retainage.reduction.at_percent_complete}% complete` : ''}`;

/**
 * Where the schedule stands by the accepted certificates, from the domain's calculator with nothing
 * billed this period (so the figures are a G702's: the retainage is withheld less released and
 * refunded). Once the retainage is released and paid, or refunded to the owner by a dispute's
 * resolution, the balance to finish is what is left of the contract.
 */
function ScheduleToDate({ view }: { view: ProgressBillingView }) {
  const { summary } = payApplicationFigures(view.lines.map(billingLineOf), toDateOf(view.lines), []);
  const figures: [string, string][] = [
    ['Completed and stored to date', summary.totalCompletedAndStored],
    // Withheld from the certified payments: in escrow only once those payments are funded, so
    // not "held" (the escrow balance's own "Retainage held" is what escrow holds for it).
    ['Retainage withheld, not yet released', summary.totalRetainage],
    // Forfeited by a retainage dispute's refund: out of the balance to finish, so it is said beside it.
    ...(summary.retainageRefunded ? [['Retainage refunded to the owner', summary.retainageRefunded] as [string, string]] : []),
    ['Balance to finish, including retainage', summary.balanceToFinishIncludingRetainage],
  ];
  return (
    <dl className="el-project-facts" aria-label="The schedule to date">
      {figures.map(([term, amount]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{dollars(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The schedule as it stands: each line's values, payee, retainage and what is certified on it. */
export function CurrentSchedule({ view, nameOf }: { view: ProgressBillingView; nameOf: (companyId: number) => CompanyNameMatch }) {
  if (view.current_version_id === null) return <p className="el-empty">{TEXTS.noSchedule}</p>;
  return (
    <>
      <p>
        {`Original contract sum ${dollars(view.original_contract_sum ?? '0.00')}; contract sum to date ${dollars(view.contract_sum ?? '0.00')} (version ${view.current_version_number}).`}
      </p>
      <WideTable<BillingLineView>
        aria-label="Schedule of values"
        rowKey="number"
        size="small"
        pagination={false}
        dataSource={view.lines}
        columns={[
          { title: 'Item', dataIndex: 'number', width: 70 },
          { title: 'Description', dataIndex: 'description' },
          { title: 'Scheduled value', dataIndex: 'scheduled_value', align: 'right', render: dollars },
          { title: 'Original value', dataIndex: 'original_value', align: 'right', render: dollars },
          { title: 'Payee', key: 'payee', render: (_, l) => nameOf(l.payee_id).name },
          { title: 'Retainage', key: 'retainage', render: (_, l) => retainageOf(l) },
          { title: 'Work certified', dataIndex: 'work_completed', align: 'right', render: dollars },
          { title: 'Stored certified', dataIndex: 'stored_materials', align: 'right', render: dollars },
        ]}
      />
      <ScheduleToDate view={view} />
    </>
  );
}

/**
 * Every version of the schedule, newest first, with who proposed, approved or rejected it; the
 * buyer approves or rejects (with a reason) a proposed one. A version is named by its number in
 * the project; its id is the routes'.
 */
export function ScheduleVersions({
  projectId,
  view,
  nameOf,
}: {
  projectId: number;
  view: ProgressBillingView;
  nameOf: (companyId: number) => CompanyNameMatch;
}) {
  const decide = useDecideOnSchedule(projectId);
  const decides = useBillingPermissions()('ApproveSchedule');
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const buyer = view.viewer === 'customer';
  if (view.versions.length === 0) return <p className="el-empty">{buyer ? TEXTS.sellerProposes : 'No version proposed yet.'}</p>;
  return (
    <ol reversed aria-label="Schedule versions">
      {[...view.versions].reverse().map((v: ScheduleVersionView) => (
        <li key={v.version_id}>
          <p>
            <strong>{`Version ${v.version_number}`}</strong> <Tag>{STATUS_LABELS[v.status]}</Tag>
            {` ${dollars(v.contract_sum)}, ${v.lines.length} ${v.lines.length === 1 ? 'line' : 'lines'}, proposed ${new Date(v.proposed_at).toLocaleString('en-US')}`}
            {v.based_on_version_number !== null && `, edits version ${v.based_on_version_number}`}
            {v.rejection && `. Rejected${v.rejection.reason ? `: ${v.rejection.reason}` : ''}`}
          </p>
          {v.status === 'proposed' && (
            <details>
              <summary>{`Lines of version ${v.version_number}`}</summary>
              <ul>
                {v.lines.map((l) => (
                  <li
                    key={l.number}
                  >{`${l.number}. ${l.description}: ${dollars(l.scheduled_value)}, ${nameOf(l.payee_id).name}, retainage ${retainageOf(l)}`}</li>
                ))}
              </ul>
            </details>
          )}
          {buyer && v.status === 'proposed' && (
            <div className="el-actions">
              <Button
                type="primary"
                disabled={!decides.allowed}
                loading={decide.isPending}
                onClick={() => decide.mutate({ versionId: v.version_id, decision: 'approve' })}
              >
                {`Approve version ${v.version_number}`}
              </Button>
              {rejecting === v.version_id ? (
                <>
                  <Input.TextArea aria-label={`Why reject version ${v.version_number}?`} autoSize value={reason} onChange={(e) => setReason(e.target.value)} />
                  <Button
                    danger
                    onClick={() =>
                      decide.mutate({ versionId: v.version_id, decision: 'reject', reason: reason.trim() }, { onSuccess: () => setRejecting(null) })
                    }
                  >
                    Send the rejection
                  </Button>
                </>
              ) : (
                <Button disabled={!decides.allowed} onClick={() => setRejecting(v.version_id)}>{`Reject version ${v.version_number}`}</Button>
              )}
              <RoleReasons reasons={[decides.reason]} />
            </div>
          )}
        </li>
      ))}
      {decide.isError && <Alert type="error" showIcon role="alert" title={errorMessage(decide.error)} />}
    </ol>
  );
}
