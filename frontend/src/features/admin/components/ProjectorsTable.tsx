import type { ProjectorStatusView, RebuildComparisonView } from '@escrow/domain';
import { Alert, App, Button, Progress, Space, Tag } from 'antd';

import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { useDeadLetters } from '../api/get-dead-letters';
import { useProjections } from '../api/get-projections';
import { useProjectionAction } from '../api/run-projection-action';
import { useAdminCan } from '../roles';
import { capitalised, when } from './format';
import { RoleReason } from './RoleReason';

const STATE_COLOURS: Record<string, string> = { running: 'green', stopped: 'red', rebuilding: 'blue', 'catching up': 'blue' };

function comparisonText(c: RebuildComparisonView): string {
  if (!c.compared) return `Not compared with the live tables: ${c.reason}.`;
  const rows = c.tables.map((t) => `${t.table} ${t.rebuiltRows} rows`).join(', ');
  if (c.equal) return `Rebuilt tables equal the live ones at ${c.position} (${rows}).`;
  return `Rebuilt tables DIFFER from the live ones at ${c.position}: ${c.tables
    .filter((t) => !t.equal)
    .map((t) => `${t.table} live ${t.liveRows} rows, rebuilt ${t.rebuiltRows}`)
    .join('; ')}. The rebuilt tables are now live.`;
}

function RebuildStatus({ p }: { p: ProjectorStatusView }) {
  const r = p.lastRebuild;
  if (!r) return <span className="el-muted">never rebuilt</span>;
  if (r.state === 'running') {
    const percent = r.total ? Math.min(100, Math.floor((r.done / Math.max(r.total, 1)) * 100)) : 0;
    return (
      <div role="status" aria-label={`Rebuild of ${p.name}`}>
        <Progress percent={percent} size="small" status={r.stale ? 'exception' : 'active'} />
        <span>
          {r.done} / {r.total ?? '?'} events{r.stale ? ' — interrupted: no heartbeat for a minute' : ''}
        </span>
      </div>
    );
  }
  return (
    <div role="status" aria-label={`Rebuild of ${p.name}`}>
      <Tag color={r.state === 'finished' ? 'green' : 'red'}>Rebuild {r.state}</Tag> {when(r.finishedAt)}, {r.done} events
      {r.error && <div className="el-admin__negative">{r.error}</div>}
      {r.comparison && <div className={r.comparison.compared && !r.comparison.equal ? 'el-admin__negative' : undefined}>{comparisonText(r.comparison)}</div>}
    </div>
  );
}

function DeadLetters({ name }: { name: string }) {
  const letters = useDeadLetters(name, true);
  if (letters.isPending) return null;
  if (letters.isError) return <Alert type="error" showIcon title={errorMessage(letters.error)} />;
  return (
    <WideTable
      size="small"
      rowKey="id"
      rowHeader={1}
      dataSource={letters.data}
      pagination={false}
      aria-label={`Events ${name} could not apply`}
      locale={{ emptyText: 'No failed events.' }}
      columns={[
        { title: 'Failed', render: (_, d) => when(d.failed_at) },
        { title: 'Event', render: (_, d) => `${d.type} (${d.stream_id}, position ${d.position})` },
        { title: 'Error', dataIndex: 'error' },
        {
          title: 'Data',
          render: (_, d) => (
            <pre className="el-admin__json" role="region" tabIndex={0} aria-label={`Data of event ${d.position}`}>
              {JSON.stringify(d.data, null, 2)}
            </pre>
          ),
        },
      ]}
    />
  );
}

/** Each projector's position, lag and state; rebuild (with live progress) or resume from here. */
export function ProjectorsTable() {
  const gate = useAdminCan('run-projections');
  const { message } = App.useApp();
  const action = useProjectionAction();
  const projections = useProjections();
  const run = (name: string, kind: 'rebuild' | 'resume') =>
    action.mutate(
      { name, action: kind },
      {
        onSuccess: () => void message.info(kind === 'rebuild' ? `Rebuild of ${name} started` : `${name} will retry its failed event`),
        onError: (e) => void message.error(errorMessage(e)),
      },
    );
  if (projections.isError) return <Alert type="error" showIcon title={errorMessage(projections.error)} />;
  return (
    <>
      <RoleReason action="run-projections" id="projections-role" />
      <WideTable
        size="small"
        rowKey="name"
        loading={projections.isPending}
        dataSource={projections.data}
        pagination={false}
        scroll={{ x: 1200 }}
        aria-label="Projectors"
        expandable={{ rowExpandable: (p) => p.state === 'stopped' || p.openDeadLetters > 0, expandedRowRender: (p) => <DeadLetters name={p.name} /> }}
        columns={[
          { title: 'Projector', render: (_, p) => <strong>{p.name}</strong> },
          { title: 'Version', render: (_, p) => (p.storedVersion !== null && p.storedVersion !== p.version ? `${p.storedVersion} → ${p.version}` : p.version) },
          {
            title: 'State',
            render: (_, p) => (
              <>
                <Tag color={STATE_COLOURS[p.state] ?? 'default'}>{capitalised(p.state)}</Tag>
                {p.error && (
                  <div className="el-admin__negative">
                    Stopped at event {p.failedEventId}: {p.error}
                  </div>
                )}
              </>
            ),
          },
          { title: 'Position', dataIndex: 'position', render: (v: string | null) => v ?? 'start' },
          { title: 'Lag (events)', align: 'right', render: (_, p) => p.lagEvents ?? '?' },
          { title: 'Lag (s)', align: 'right', render: (_, p) => (p.lagSeconds === null ? '?' : p.lagSeconds.toFixed(1)) },
          { title: 'Applied', dataIndex: 'eventsApplied', align: 'right' },
          { title: 'Last event', render: (_, p) => when(p.lastEventAt) },
          { title: 'Last rebuild', width: 320, render: (_, p) => <RebuildStatus p={p} /> },
          {
            title: 'Actions',
            fixed: 'right',
            width: 110,
            render: (_, p) => (
              <Space wrap>
                <Button
                  size="small"
                  onClick={() => run(p.name, 'rebuild')}
                  disabled={!gate.allowed || (p.lastRebuild?.state === 'running' && !p.lastRebuild.stale)}
                  aria-describedby={gate.reason ? 'projections-role' : undefined}
                  aria-label={`Rebuild ${p.name}`}
                >
                  Rebuild
                </Button>
                {p.state === 'stopped' && (
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => run(p.name, 'resume')}
                    aria-label={`Resume ${p.name}`}
                    disabled={!gate.allowed}
                    aria-describedby={gate.reason ? 'projections-role' : undefined}
                  >
                    Resume
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
