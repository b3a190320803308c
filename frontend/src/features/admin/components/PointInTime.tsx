import { Alert, Button, Card, Input, Tag } from 'antd';
import { useState } from 'react';

import { Form } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { WideTable } from '../../../components/WideTable';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useAsOf } from '../api/get-project-as-of';
import { capitalised, dollars, when } from './format';
import { ACCOUNTS } from './LedgerTable';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** An instant as the browser's datetime-local field wants it: local time, to the millisecond. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
/** A datetime-local value (local time, no zone) as an ISO instant; null when it is not a time. */
function fromLocalInput(value: string): string | null {
  const d = new Date(value);
  return value && !Number.isNaN(d.getTime()) ? d.toISOString() : null;
}

/** The project rebuilt from its events up to a chosen instant: approved versions and every balance then. */
export function PointInTime({ projectId, at, onChange }: { projectId: number; at: string | null; onChange: (at: string) => void }) {
  const [value, setValue] = useState(at ? toLocalInput(at) : '');
  const [invalid, setInvalid] = useState(false);
  const asOf = useAsOf(projectId, at);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <>
      <Form
        layout="vertical"
        className="el-admin__toolbar"
        aria-label="Point in time"
        onFinish={() => {
          const iso = fromLocalInput(value);
          setInvalid(!iso);
          if (iso) onChange(iso);
        }}
      >
        <Form.Item
          label={`Instant (your time, ${zone})`}
          htmlFor="as-of-instant"
          validateStatus={invalid ? 'error' : undefined}
          help={invalid ? 'Pick a date and time.' : undefined}
        >
          <Input id="as-of-instant" type="datetime-local" step={0.001} value={value} onChange={(e) => setValue(e.target.value)} style={{ width: 260 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Show as of then
        </Button>
        <Button onClick={() => onChange(new Date().toISOString())}>Now</Button>
      </Form>
      {!at && <p className="el-muted">Pick an instant, or use “As of here” on an event in the Events tab.</p>}
      {at && asOf.isPending && <Spinner />}
      {asOf.isError && <Alert type="error" showIcon title={errorMessage(asOf.error)} />}
      {asOf.data && (
        <section aria-label="As of then">
          <p>
            As of <strong>{when(asOf.data.at)}</strong>, rebuilt from {asOf.data.events_applied} events. Project:{' '}
            {asOf.data.project ? `${capitalised(asOf.data.project.status)}, ${asOf.data.project.service}` : 'not created yet'}.
          </p>
          {asOf.data.milestones.map((m) => (
            <Card
              key={m.original_id}
              size="small"
              style={{ marginBottom: space.sm }}
              role="region"
              aria-label={`Milestone ${m.original_id} then`}
              title={`Milestone #${m.original_id}`}
            >
              <p>
                Approved version:{' '}
                {m.approved_version ? (
                  <strong data-testid="approved-version">
                    {m.approved_version.title || 'Whole Project Milestone'} (version {m.approved_version.m_id}), {dollars(m.approved_version.amount)}
                  </strong>
                ) : (
                  <em data-testid="approved-version">none approved by both parties yet</em>
                )}
              </p>
              <p>
                Held {dollars(m.held)} · deposited {dollars(m.deposited)} · disbursed {dollars(m.disbursed)} · refunded {dollars(m.refunded)}
              </p>
              <ul className="el-plain-list">
                {m.versions.map((v) => (
                  <li key={v.m_id}>
                    <Tag>{v.label}</Tag> {v.title || 'Whole Project Milestone'} (version {v.m_id}), {dollars(v.amount)}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
          <h3>Balances then</h3>
          <WideTable
            size="small"
            scroll={{ x: 480 }}
            rowKey="account"
            pagination={false}
            aria-label="Balances then"
            locale={{ emptyText: 'No money had moved yet.' }}
            dataSource={Object.entries(asOf.data.balances).map(([account, balance]) => ({ account, balance }))}
            columns={[
              { title: 'Account', dataIndex: 'account', render: (a: string) => <Tag>{a}</Tag> },
              { title: 'Meaning', render: (_, b) => ACCOUNTS[b.account] ?? '' },
              { title: 'Balance', align: 'right', render: (_, b) => dollars(b.balance) },
            ]}
          />
          {(asOf.data.retainage_by_payee?.length ?? 0) > 0 && (
            <>
              <h3>Retainage held per payee then</h3>
              <WideTable
                size="small"
                rowKey="company_id"
                pagination={false}
                aria-label="Retainage held per payee then"
                dataSource={asOf.data.retainage_by_payee}
                columns={[
                  { title: 'Payee', render: (_, p) => p.name ?? `company ${p.company_id}` },
                  { title: 'Held', align: 'right', render: (_, p) => dollars(p.held) },
                ]}
              />
            </>
          )}
        </section>
      )}
    </>
  );
}
