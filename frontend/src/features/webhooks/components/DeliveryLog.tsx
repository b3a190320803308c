import type { WebhookDeliveryStatus, WebhookDeliveryView } from '@escrow/domain';
import { Alert, App, Button, Tag } from 'antd';

import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { useDeliveries, useDelivery, useResendDelivery } from '../api/webhooks';

const STATUS_COLOURS: Record<WebhookDeliveryStatus, string> = { pending: 'blue', delivered: 'green', failed: 'red', cancelled: 'default' };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function Attempts({ delivery }: { delivery: WebhookDeliveryView }) {
  const detail = useDelivery(delivery.delivery_id);
  if (detail.isPending) return null;
  if (detail.isError) return <Alert type="error" showIcon title={errorMessage(detail.error)} />;
  return (
    <WideTable
      size="small"
      rowKey="attempt"
      pagination={false}
      dataSource={detail.data.attempts_log}
      aria-label={`Attempts of delivery ${delivery.delivery_id}`}
      scroll={{ x: 800 }}
      locale={{ emptyText: 'Not tried yet.' }}
      columns={[
        { title: 'Attempt', dataIndex: 'attempt', render: (n: number, a) => `${n}${a.manual ? ' (re-sent)' : ''}` },
        { title: 'Started', render: (_, a) => when(a.started_at) },
        { title: 'Answer', render: (_, a) => a.status_code ?? 'none' },
        { title: 'Latency', align: 'right', render: (_, a) => (a.latency_ms === null ? '—' : `${a.latency_ms} ms`) },
        { title: 'Error', render: (_, a) => a.error ?? '' },
        { title: 'Next try', render: (_, a) => when(a.next_attempt_at) },
      ]}
    />
  );
}

/** An endpoint's deliveries, newest first: status, attempts, last answer and latency, next try, and a re-send. */
export function DeliveryLog({ endpointId, readOnly = false }: { endpointId: number; readOnly?: boolean }) {
  const deliveries = useDeliveries(endpointId);
  const resend = useResendDelivery();
  const { message } = App.useApp();
  if (deliveries.isError) return <Alert type="error" showIcon title={errorMessage(deliveries.error)} />;
  return (
    <WideTable
      size="small"
      rowKey="delivery_id"
      loading={deliveries.isPending}
      dataSource={deliveries.data}
      pagination={false}
      aria-label={`Deliveries of endpoint ${endpointId}`}
      scroll={{ x: 1100 }}
      locale={{ emptyText: 'Nothing delivered yet: events of the chosen kinds appear here as they happen.' }}
      expandable={{ expandedRowRender: (d) => <Attempts delivery={d} /> }}
      columns={[
        { title: 'Event', render: (_, d) => <code>{d.kind}</code> },
        { title: 'Created', render: (_, d) => when(d.created_at) },
        { title: 'Status', render: (_, d) => <Tag color={STATUS_COLOURS[d.status]}>{d.status}</Tag> },
        { title: 'Attempts', dataIndex: 'attempts', align: 'right' },
        { title: 'Last answer', render: (_, d) => d.last_status_code ?? (d.last_error ? 'none' : '—') },
        { title: 'Latency', align: 'right', render: (_, d) => (d.last_latency_ms === null ? '—' : `${d.last_latency_ms} ms`) },
        { title: 'Next try', render: (_, d) => when(d.next_attempt_at) },
        { title: 'Delivery id', render: (_, d) => <code>{d.delivery_id}</code> },
        {
          title: 'Actions',
          render: (_, d) =>
            d.status === 'cancelled' || readOnly ? null : (
              <Button
                size="small"
                aria-label={`Re-send delivery ${d.delivery_id}`}
                loading={resend.isPending && resend.variables === d.delivery_id}
                onClick={() =>
                  resend.mutate(d.delivery_id, {
                    onSuccess: () => void message.info('Sending it again now'),
                    onError: (e) => void message.error(errorMessage(e)),
                  })
                }
              >
                Re-send
              </Button>
            ),
        },
      ]}
    />
  );
}
