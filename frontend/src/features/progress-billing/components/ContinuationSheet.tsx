import { formatDollars, type PayApplicationLineView } from '@escrow/domain';

import { WideTable } from '../../../components/WideTable';
import { BillingFileLinks } from './BillingFiles';
import { DECISION_LABELS } from './texts';

const dollars = (v: string) => formatDollars(v);

/** An application's G703 as the API answers it (billed, or as certified), with each line's files of stored materials, decision and reason. */
export function ContinuationSheet({ projectId, label, lines }: { projectId: number; label: string; lines: readonly PayApplicationLineView[] }) {
  return (
    <WideTable<PayApplicationLineView>
      aria-label={label}
      rowKey="line"
      size="small"
      pagination={false}
      dataSource={[...lines]}
      columns={[
        { title: 'A Item', dataIndex: 'line', fixed: 'left', width: 70 },
        { title: 'B Description', dataIndex: 'description', width: 160 },
        { title: 'C Scheduled value', dataIndex: 'scheduled_value', align: 'right', render: dollars },
        { title: 'D Previous', dataIndex: 'previous', align: 'right', render: dollars },
        { title: 'E This period', dataIndex: 'this_period', align: 'right', render: dollars },
        { title: 'F Stored', dataIndex: 'stored_materials', align: 'right', render: dollars },
        {
          title: 'Stored materials’ files',
          key: 'evidence',
          width: 180,
          render: (_, l) => <BillingFileLinks projectId={projectId} ids={l.billed?.evidence ?? []} label={`Files of the materials stored, line ${l.line}`} />,
        },
        { title: 'G Completed and stored', dataIndex: 'completed_and_stored_to_date', align: 'right', render: dollars },
        { title: 'G ÷ C', dataIndex: 'percent_complete', align: 'right', render: (v: string) => `${v}%` },
        { title: 'H Balance to finish', dataIndex: 'balance_to_finish', align: 'right', render: dollars },
        { title: 'I Retainage', dataIndex: 'retainage', align: 'right', render: dollars },
        { title: 'Payment due', dataIndex: 'current_payment_due', align: 'right', render: dollars },
        {
          title: 'Decision',
          key: 'decision',
          width: 220,
          render: (_, l) =>
            l.decision ? (
              <>
                <strong>{DECISION_LABELS[l.decision.decision]}</strong>
                {l.decision.reason && `: ${l.decision.reason}`}
              </>
            ) : l.billed ? (
              'Not certified yet'
            ) : (
              'Not billed'
            ),
        },
      ]}
    />
  );
}
