import { money } from '@escrow/domain';
import { App, Button, Card, Form, Input, Radio, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import type { DisputeRow } from '../api/get-disputes';
import { useResolveDispute } from '../api/resolve-dispute';
import { dollars, when } from './format';

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

function ResolveForm({ dispute }: { dispute: DisputeRow }) {
  const resolve = useResolveDispute();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ resolution: 'release' | 'refund' | 'split'; refund_amount?: string; note?: string }>();
  const resolution = Form.useWatch('resolution', form) ?? 'release';
  const refund = (Form.useWatch('refund_amount', form) ?? '').trim();
  const split = resolution === 'split' && AMOUNT.test(refund) && money(refund).gt(0) && money(refund).lt(dispute.held) ? money(refund) : null;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ resolution: 'release' }}
      aria-label={`Resolve the dispute on ${dispute.milestone_title}`}
      onFinish={(values) =>
        resolve.mutate(
          { originalId: dispute.original_id, resolution: values.resolution, refund_amount: values.resolution === 'split' ? money(values.refund_amount!.trim()).toFixed(2) : undefined, note: values.note?.trim() || undefined },
          { onSuccess: () => void message.success('Dispute resolved; the money is on its way.'), onError: (e) => void message.error(errorMessage(e)) },
        )
      }
    >
      <Form.Item name="resolution" label="Resolution" style={{ marginBottom: 8 }}>
        <Radio.Group>
          <Radio value="release">Release all to the payees</Radio>
          <Radio value="refund">Refund all to the buyer</Radio>
          <Radio value="split">Split</Radio>
        </Radio.Group>
      </Form.Item>
      {resolution === 'split' && (
        <Form.Item
          label={`Refund to the buyer (of ${dollars(dispute.held)} held)`}
          name="refund_amount"
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const text = (value ?? '').trim();
                if (!AMOUNT.test(text)) return Promise.reject(new Error('Enter the refund in dollars and cents, like 5000.00.'));
                if (money(text).lte(0) || money(text).gte(dispute.held)) return Promise.reject(new Error(`A split refunds more than $0.00 and less than ${dollars(dispute.held)}; otherwise choose release or refund.`));
                return Promise.resolve();
              },
            },
          ]}
          extra={split ? `${dollars(money(dispute.held).minus(split).toFixed(2))} goes to the payees (less the platform fee on that share), ${dollars(split.toFixed(2))} back to the buyer.` : undefined}
        >
          <Input inputMode="decimal" prefix="$" style={{ maxWidth: 220 }} />
        </Form.Item>
      )}
      <Form.Item label="Note to both parties" name="note">
        <Input.TextArea rows={2} maxLength={5000} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={resolve.isPending}>
        Resolve dispute
      </Button>
    </Form>
  );
}

/** One dispute: who opened it, both statements, the money at stake, and its resolution. */
export function DisputeCard({ dispute: d }: { dispute: DisputeRow }) {
  const other = d.opened_by_party === 'buyer' ? 'seller' : 'buyer';
  return (
    <Card
      size="small"
      role="region"
      aria-label={`Dispute on ${d.milestone_title}`}
      title={<Link to={`/admin/job/${d.job_id}`}>{`Project #${d.job_id} · ${d.milestone_title}`}</Link>}
      extra={<span>Held {dollars(d.held)}</span>}
      style={{ marginBottom: 16 }}
    >
      <p style={{ marginTop: 0 }}>
        Buyer <strong>{d.buyer ?? '—'}</strong> · Seller <strong>{d.seller ?? '—'}</strong> · opened {when(d.opened_at)}
      </p>
      <div className="el-admin__grid el-admin__grid--2" style={{ marginTop: 0 }}>
        <section aria-label={`The ${d.opened_by_party}'s statement`}>
          <strong>
            The {d.opened_by_party} ({d.opened_by ?? 'unknown'}) says:
          </strong>
          <p className="el-admin__statement">{d.statement}</p>
        </section>
        <section aria-label={`The ${other}'s statement`}>
          <strong>
            The {other}
            {d.response ? ` (${d.response.by ?? 'unknown'}), ${when(d.response.at)}` : ''} says:
          </strong>
          <p className="el-admin__statement">{d.response ? d.response.statement : <em>No response yet.</em>}</p>
        </section>
      </div>
      {d.status === 'open' ? (
        <ResolveForm dispute={d} />
      ) : (
        <p>
          <Tag color="green">Resolved by {d.resolution?.resolution}</Tag> {dollars(d.resolution?.releaseAmount ?? '0')} released, {dollars(d.resolution?.refundAmount ?? '0')} refunded, {when(d.resolution?.at)}.{' '}
          {d.resolution?.note}
        </p>
      )}
    </Card>
  );
}
