import type { AdminDisputeRow } from '@escrow/domain';
import { money } from '@escrow/domain';
import { App, Button, Card, Input, Modal, Radio, Tag } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';

import { Form } from '../../../components/Form';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useDecideOnResolution, wasProposed } from '../api/decide-on-resolution';
import { useResolveDispute } from '../api/resolve-dispute';
import { useAdminCan } from '../roles';
import { dollars, when } from './format';
import { ProposalPanel } from './ProposalPanel';

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

type Resolution = 'release' | 'refund' | 'split';
interface ResolveValues {
  resolution?: Resolution;
  refund_amount?: string;
  note?: string;
}

/** What each side gets from a resolution of the money held: payees' release and the buyer's refund. */
function resolutionAmounts(held: string, resolution: Resolution, refund?: string): { release: string; refund: string } {
  if (resolution === 'release') return { release: money(held).toFixed(2), refund: '0.00' };
  if (resolution === 'refund') return { release: '0.00', refund: money(held).toFixed(2) };
  const back = money(refund ?? '0');
  return { release: money(held).minus(back).toFixed(2), refund: back.toFixed(2) };
}

const RESOLUTION_WORDS: Record<Resolution, string> = { release: 'release', refund: 'refund', split: 'split' };

const RESOLVED = 'Dispute resolved; the money is on its way.';
/** Four eyes: what the form says when the money held is above FOUR_EYES_ABOVE (every resolution moves all of it). */
export const fourEyesNote = (held: string, threshold: string) =>
  `This dispute holds ${dollars(held)}, more than ${dollars(threshold)}: a second administrator must approve your resolution before it takes effect.`;
const PROPOSE_NOTE = 'Nothing moves until a different administrator approves it.';

/** Whether resolving moves more than FOUR_EYES_ABOVE (the release plus the refund: all that is held). */
const needsSecondAdmin = (held: string, threshold: string | undefined) => threshold !== undefined && money(held).gt(threshold);

/** A proposed resolution in words, for its panel and its dialogs. */
function proposalWords(p: { resolution: Resolution; release_amount: string; refund_amount: string }): string {
  const words = { release: 'Release all', refund: 'Refund all', split: 'Split' }[p.resolution];
  return `${words}: ${dollars(p.release_amount)} to the payees, ${dollars(p.refund_amount)} back to the buyer.`;
}

/**
 * No resolution is preselected, and none is sent before the admin has confirmed what each side
 * gets: money moves on it and cannot be called back.
 */
function ResolveForm({ dispute, onResolved, onProposed }: { dispute: AdminDisputeRow; onResolved?: () => void; onProposed?: () => void }) {
  const resolve = useResolveDispute();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResolveValues>();
  const [confirming, setConfirming] = useState<(Required<Pick<ResolveValues, 'resolution'>> & ResolveValues) | null>(null);
  const resolution = Form.useWatch('resolution', form);
  const refund = (Form.useWatch('refund_amount', form) ?? '').trim();
  const split = resolution === 'split' && AMOUNT.test(refund) && money(refund).gt(0) && money(refund).lt(dispute.held) ? money(refund) : null;
  const amounts = confirming ? resolutionAmounts(dispute.held, confirming.resolution, confirming.refund_amount?.trim()) : null;
  const secondAdmin = needsSecondAdmin(dispute.held, dispute.four_eyes_above);
  const noteId = useId();
  const send = () => {
    if (!confirming) return;
    resolve.mutate(
      {
        originalId: dispute.original_id,
        resolution: confirming.resolution,
        refund_amount: confirming.resolution === 'split' ? money(confirming.refund_amount!.trim()).toFixed(2) : undefined,
        note: confirming.note?.trim() || undefined,
      },
      {
        onSuccess: (answer) => {
          // Above FOUR_EYES_ABOVE the API answers 202 with what happens next: say it as it is.
          if (wasProposed(answer)) {
            void message.info(answer.message);
            onProposed?.();
          } else {
            void message.success(RESOLVED);
            onResolved?.();
          }
        },
        onError: (e) => void message.error(errorMessage(e)),
        onSettled: () => setConfirming(null),
      },
    );
  };
  return (
    <>
      <Form
        form={form}
        layout="vertical"
        aria-label={`Resolve the dispute on ${dispute.milestone_title}`}
        onFinish={(values) => setConfirming({ ...values, resolution: values.resolution! })}
      >
        <Form.Item
          name="resolution"
          label="Resolution"
          style={{ marginBottom: space.xs }}
          rules={[{ required: true, message: 'Choose how to resolve the dispute: release, refund or split.' }]}
        >
          <Radio.Group aria-label="Resolution">
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
                  if (money(text).lte(0) || money(text).gte(dispute.held))
                    return Promise.reject(
                      new Error(`A split refunds more than $0.00 and less than ${dollars(dispute.held)}; otherwise choose release or refund.`),
                    );
                  return Promise.resolve();
                },
              },
            ]}
            extra={
              split
                ? `${dollars(money(dispute.held).minus(split).toFixed(2))} goes to the payees (less the platform fee on that share), ${dollars(split.toFixed(2))} back to the buyer.`
                : undefined
            }
          >
            <Input inputMode="decimal" prefix="$" style={{ maxWidth: 220 }} />
          </Form.Item>
        )}
        <Form.Item label="Note to both parties" name="note">
          <Input.TextArea rows={2} maxLength={5000} />
        </Form.Item>
        {secondAdmin && (
          <p id={noteId} role="note">
            {fourEyesNote(dispute.held, dispute.four_eyes_above)}
          </p>
        )}
        <Button type="primary" htmlType="submit" loading={resolve.isPending} aria-describedby={secondAdmin ? noteId : undefined}>
          Resolve dispute
        </Button>
      </Form>
      <Modal
        open={confirming !== null}
        title={confirming ? `Resolve by ${RESOLUTION_WORDS[confirming.resolution]}?` : ''}
        okText={secondAdmin ? 'Propose resolution' : 'Confirm resolution'}
        cancelText="Cancel"
        confirmLoading={resolve.isPending}
        onOk={send}
        onCancel={() => setConfirming(null)}
      >
        {amounts && (
          <dl className="el-admin__dl" aria-label="What each side gets">
            <dt>To the payees of {dispute.seller ?? 'the seller'}</dt>
            <dd>
              {dollars(amounts.release)}
              {amounts.release !== '0.00' ? ' (the platform fee on that share comes out of it)' : ''}
            </dd>
            <dt>Back to the buyer {dispute.buyer ?? ''}</dt>
            <dd>{dollars(amounts.refund)}</dd>
            <dt>Held now</dt>
            <dd>{dollars(dispute.held)}</dd>
          </dl>
        )}
        {secondAdmin ? (
          <p>
            {fourEyesNote(dispute.held, dispute.four_eyes_above)} {PROPOSE_NOTE}
          </p>
        ) : (
          <p>The money moves as soon as you confirm; it cannot be called back.</p>
        )}
      </Modal>
    </>
  );
}

/**
 * An open dispute's decision: the resolution waiting for a second administrator, else the form,
 * for the roles that may resolve (the others read why not).
 */
function OpenDispute({ dispute: d, onResolved }: { dispute: AdminDisputeRow; onResolved?: () => void }) {
  const gate = useAdminCan('resolve-disputes');
  const decide = useDecideOnResolution(d.original_id);
  // The form (and the focus in its dialog) gives way to the proposal: the proposal takes the focus.
  const [proposed, setProposed] = useState(false);
  if (d.proposal)
    return (
      <ProposalPanel
        proposal={d.proposal}
        what={proposalWords(d.proposal)}
        subject={`the dispute on ${d.milestone_title}`}
        decide={decide}
        onApproved={onResolved}
        focusOnShow={proposed}
      />
    );
  if (!gate.allowed) return <p className="el-muted">{gate.reason}</p>;
  return <ResolveForm dispute={d} onResolved={onResolved} onProposed={() => setProposed(true)} />;
}

/** One dispute: who opened it, both statements, the money at stake, and its resolution. */
/**
 * `onResolved`: the card leaves the list of open disputes once resolved; the list takes the focus it held.
 * `evidence`: both sides' files, as the page composes them (features/attachments).
 */
export function DisputeCard({ dispute: d, onResolved, evidence = null }: { dispute: AdminDisputeRow; onResolved?: () => void; evidence?: ReactNode }) {
  const other = d.opened_by_party === 'buyer' ? 'seller' : 'buyer';
  return (
    <Card
      size="small"
      role="region"
      aria-label={`Dispute on ${d.milestone_title}`}
      title={<Link to={`/admin/job/${d.job_id}`}>{`Project #${d.job_id} · ${d.milestone_title}`}</Link>}
      extra={<span>Held {dollars(d.held)}</span>}
      style={{ marginBottom: space.base }}
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
      {evidence}
      {d.status === 'open' ? (
        <OpenDispute dispute={d} onResolved={onResolved} />
      ) : (
        <p>
          <Tag color="green">Resolved by {d.resolution?.resolution}</Tag> {dollars(d.resolution?.releaseAmount ?? '0')} released,{' '}
          {dollars(d.resolution?.refundAmount ?? '0')} refunded, {when(d.resolution?.at)}. {d.resolution?.note}
        </p>
      )}
    </Card>
  );
}
