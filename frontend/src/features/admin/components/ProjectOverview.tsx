import type { AdminJobView } from '@escrow/domain';
import { Card, Tag } from 'antd';
import { Link } from 'react-router-dom';

import { PaymentDestination } from '../../../components/PaymentDestination';
import { WideTable } from '../../../components/WideTable';
import { space } from '../../../design/tokens';
import { actorName } from '../../../lib/actor';
import { capitalised, dollars, when } from './format';

/** Parties, money and every milestone with all its versions, deposits, disbursements and refunds. */
export function ProjectOverview({ project }: { project: AdminJobView }) {
  const s = project.summary;
  return (
    <>
      <div className="el-admin__grid el-admin__grid--2" style={{ marginTop: 0 }}>
        <Card size="small" title="Parties">
          <dl className="el-admin__dl">
            <dt>Buyer</dt>
            <dd>{s.customer_name ?? `user ${s.customer_id}`}</dd>
            <dt>Seller</dt>
            <dd>{s.primary_company_name ?? '—'}</dd>
            <dt>Started by</dt>
            <dd>{s.customerInitiated ? 'the buyer' : 'the seller'}</dd>
            <dt>Status</dt>
            <dd>{capitalised(s.status)}</dd>
            <dt>Created</dt>
            <dd>{when(s.created_at)}</dd>
            <dt>Submitted</dt>
            <dd>{when(s.submitted_at)}</dd>
            <dt>Agreement</dt>
            <dd>
              Buyer {s.signatures.buyer ? `signed ${when(s.signatures.buyer)}` : 'not signed'} · Seller{' '}
              {s.signatures.seller ? `signed ${when(s.signatures.seller)}` : 'not signed'} · <Link to={`/admin/job/${s.job_id}/contracts`}>Contracts</Link> ·{' '}
              <Link to={`/admin/job/${s.job_id}/unsigned-contracts`}>Unsigned</Link>
            </dd>
          </dl>
        </Card>
        <Card size="small" title="Money">
          <dl className="el-admin__dl" aria-label="Project money">
            <dt>Agreed</dt>
            <dd>{dollars(s.totals.agreed)}</dd>
            <dt>Deposited</dt>
            <dd>{dollars(s.totals.deposited)}</dd>
            <dt>Held in escrow</dt>
            <dd data-testid="project-held">{dollars(s.totals.held)}</dd>
            <dt>Released to payees</dt>
            <dd>{dollars(s.totals.released)}</dd>
            <dt>Fees</dt>
            <dd>{dollars(s.totals.fees)}</dd>
            <dt>Refunded</dt>
            <dd>{dollars(s.totals.refunded)}</dd>
            <dt>Still to fund</dt>
            <dd>{dollars(s.totals.to_fund)}</dd>
            <dt>Retainage held</dt>
            <dd>{dollars(s.totals.retainage_held ?? '0.00')}</dd>
            <dt>Next step</dt>
            <dd>{s.next_action ?? '—'}</dd>
          </dl>
        </Card>
      </div>
      {project.milestones.map((m) => (
        <Card
          key={m.original_id}
          size="small"
          role="region"
          aria-label={`Milestone ${m.title}`}
          title={`Milestone #${m.original_id} · ${m.title}`}
          extra={`Held ${dollars(m.held)} · deposited ${dollars(m.deposited)}`}
          style={{ marginTop: space.base }}
        >
          <h3>Versions</h3>
          <WideTable
            size="small"
            rowKey="m_id"
            dataSource={m.versions}
            pagination={false}
            scroll={{ x: 900 }}
            aria-label={`Versions of ${m.title}`}
            columns={[
              { title: 'Version', dataIndex: 'm_id' },
              { title: 'Label', dataIndex: 'label', render: (l: string, v) => <Tag color={v.is_current ? 'green' : undefined}>{l}</Tag> },
              { title: 'Title', dataIndex: 'title' },
              { title: 'By', render: (_, v) => `${v.author_name ? actorName(v.author_name, v.author_company_role) : '—'}, ${v.author_party}` },
              { title: 'Buyer', dataIndex: 'buyer_approval' },
              { title: 'Seller', dataIndex: 'seller_approval' },
              { title: 'Amount', align: 'right', render: (_, v) => dollars(v.amount) },
              { title: 'Buyer deposits', align: 'right', render: (_, v) => dollars(v.deposit_total) },
              { title: 'Proposed', render: (_, v) => when(v.created) },
            ]}
            expandable={{
              expandedRowRender: (v) => (
                <>
                  <p style={{ whiteSpace: 'pre-wrap' }}>{v.definition}</p>
                  <ul className="el-plain-list">
                    {v.payees.map((p) => (
                      <li key={p.mp_id}>
                        {p.name ?? `company ${p.company_id}`}: {p.type}
                        {p.percentage ? ` ${p.percentage}%` : ''} {dollars(p.amount)}, fee {dollars(p.fee)}
                        {p.includeFee ? ' (included)' : ''}, receives {dollars(p.net)}
                      </li>
                    ))}
                  </ul>
                </>
              ),
            }}
          />
          <h3>Deposits</h3>
          {m.deposits.length === 0 ? (
            <p className="el-muted">No deposits.</p>
          ) : (
            <WideTable
              size="small"
              rowKey="depositId"
              dataSource={m.deposits}
              pagination={false}
              scroll={{ x: 600 }}
              aria-label={`Deposits of ${m.title}`}
              columns={[
                { title: '#', dataIndex: 'depositId' },
                { title: 'Amount', align: 'right', render: (_, d) => dollars(d.amount) },
                { title: 'Status', render: (_, d) => capitalised(d.status) },
                { title: 'Requested', render: (_, d) => when(d.requestedAt) },
                { title: 'Settled', render: (_, d) => when(d.settledAt) },
              ]}
            />
          )}
          <h3>Disbursements and refunds</h3>
          {m.disbursements.length + m.refunds.length + (m.retainage_refunds?.length ?? 0) === 0 ? (
            <p className="el-muted">Nothing released or refunded.</p>
          ) : (
            <WideTable
              size="small"
              rowKey={(r) => r.key}
              dataSource={[
                ...m.disbursements.map((d) => ({
                  key: `d${d.disbursementId}`,
                  kind: 'disbursement',
                  to: d.name ?? '—',
                  amount: d.amount,
                  fee: d.fee,
                  status: d.status,
                  requested: d.requestedAt,
                  done: d.paidAt,
                  payment: d as object | null,
                })),
                ...m.refunds.map((r) => ({
                  key: `r${r.refundId}`,
                  kind: 'refund',
                  to: 'the buyer',
                  amount: r.amount,
                  fee: null as string | null,
                  status: r.status,
                  requested: r.requestedAt ?? null,
                  done: r.paidAt ?? null,
                  payment: null,
                })),
                ...(m.retainage_refunds ?? []).map((r) => ({
                  key: `rr${r.refundId}`,
                  kind: 'retainage refund',
                  to: 'the buyer',
                  amount: r.amount,
                  fee: null as string | null,
                  status: r.status,
                  requested: r.requestedAt,
                  done: r.paidAt,
                  payment: null,
                })),
              ]}
              pagination={false}
              scroll={{ x: 700 }}
              aria-label={`Disbursements of ${m.title}`}
              columns={[
                { title: 'Kind', render: (_, r) => capitalised(r.kind) },
                {
                  title: 'To',
                  render: (_, r) => (
                    <>
                      {r.to}
                      <PaymentDestination payment={r.payment} />
                    </>
                  ),
                },
                { title: 'Amount', align: 'right', render: (_, r) => dollars(r.amount) },
                { title: 'Fee', align: 'right', render: (_, r) => (r.fee ? dollars(r.fee) : '') },
                { title: 'Status', render: (_, r) => capitalised(r.status) },
                { title: 'Requested', render: (_, r) => when(r.requested) },
                { title: 'Paid', render: (_, r) => when(r.done) },
              ]}
            />
          )}
          {(m.retainage_held !== '0.00' || m.waivers.length > 0) && (
            <>
              <h3>Retainage and lien waivers</h3>
              {m.retainage_by_payee.length > 0 && (
                <p>Retainage held: {m.retainage_by_payee.map((p) => `${p.name ?? `company ${p.company_id}`} ${dollars(p.held)}`).join(' · ')}</p>
              )}
              {m.waivers.length > 0 && (
                <ul className="el-plain-list" aria-label={`Lien waivers of ${m.title}`}>
                  {m.waivers.map((w) => (
                    <li key={`${w.payment}-${w.mp_id}-${w.kind}`}>
                      <Tag color={w.status === 'missing' ? 'gold' : w.status === 'signed' ? 'green' : 'blue'}>
                        {w.status === 'missing' ? 'Missing' : w.status === 'signed' ? 'Signed' : 'Issued'}
                      </Tag>
                      {w.name ?? `company ${w.company_id}`}: {w.kind} waiver ({w.site_state}) for the{' '}
                      {w.payment === 'retainage' ? 'retainage release' : 'payment'} of {dollars(w.amount)}, due since {when(w.due_since)}
                      {w.waiver_name && (
                        <>
                          {' '}
                          <Link to={`/portal/waivers/${w.waiver_name}`}>Print</Link>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
          {m.disputes.length > 0 && (
            <>
              <h3>Disputes</h3>
              <ul className="el-plain-list">
                {m.disputes.map((d) => (
                  <li key={d.disputeId}>
                    <Tag color={d.status === 'open' ? 'orange' : 'green'}>{capitalised(d.status)}</Tag> opened {when(d.openedAt)}: {d.statement}
                    {d.resolution &&
                      ` — resolved by ${d.resolution.resolution}: ${dollars(d.resolution.releaseAmount)} released, ${dollars(d.resolution.refundAmount)} refunded.`}
                    {d.status === 'open' && (
                      <>
                        {' '}
                        <Link to="/admin/disputes">Resolve</Link>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
      ))}
    </>
  );
}
