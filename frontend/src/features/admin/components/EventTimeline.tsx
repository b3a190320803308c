import type { RawEventView } from '@escrow/domain';
import { Alert, Button, Select } from 'antd';
import { useState } from 'react';

import { WideTable } from '../../../components/WideTable';
import { actorName } from '../../../lib/actor';
import { errorMessage } from '../../../lib/api-client';
import { useEvents } from '../api/get-project-events';
import { when } from './format';

/**
 * Who acted, as an auditor reads it: the person and their company role then (issue 37), beside
 * the kind and id the metadata records.
 */
function actorOf(e: RawEventView): string {
  if (!e.actor_role) return '—';
  const kind = `${e.actor_role} ${e.actor_id ?? ''}`.trim();
  return e.actor_name ? `${actorName(e.actor_name, e.actor_company_role)} · ${kind}` : kind;
}

/** Every event of the project and its milestones in global order: who, when, and the raw JSON. */
export function EventTimeline({ projectId, onShowAsOf }: { projectId: number; onShowAsOf: (at: string) => void }) {
  const events = useEvents(projectId);
  const [stream, setStream] = useState('');
  const streams = [...new Set((events.data ?? []).map((e) => e.stream_id))];
  const shown = (events.data ?? []).filter((e) => !stream || e.stream_id === stream);
  return (
    <>
      <div className="el-admin__toolbar">
        <label>
          Stream{' '}
          <Select
            aria-label="Stream"
            style={{ minWidth: 200 }}
            value={stream}
            onChange={setStream}
            options={[{ value: '', label: 'All streams' }, ...streams.map((s) => ({ value: s, label: s }))]}
          />
        </label>
        <span className="el-muted">{shown.length} events</span>
      </div>
      {events.isError && <Alert type="error" showIcon title={errorMessage(events.error)} />}
      <WideTable
        size="small"
        rowKey="event_id"
        loading={events.isPending}
        dataSource={shown}
        pagination={{ pageSize: 100, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 1000 }}
        aria-label="Events"
        expandable={{
          expandedRowRender: (e) => (
            <pre className="el-admin__json" role="region" tabIndex={0} aria-label={`Raw event ${e.position}`}>
              {JSON.stringify(
                {
                  event_id: e.event_id,
                  stream_id: e.stream_id,
                  revision: e.revision,
                  position: e.position,
                  type: e.type,
                  data: e.data,
                  metadata: e.metadata,
                  recorded_at: e.recorded_at,
                },
                null,
                2,
              )}
            </pre>
          ),
        }}
        columns={[
          { title: 'Event', dataIndex: 'type' },
          { title: 'When', render: (_, e) => when(e.occurred_at) },
          { title: 'Actor', render: (_, e) => actorOf(e) },
          { title: 'Stream', render: (_, e) => `${e.stream_id} @${e.revision}` },
          { title: 'Position', dataIndex: 'position' },
          {
            title: <span className="el-visually-hidden">Point in time</span>,
            render: (_, e) => (
              <Button size="small" onClick={() => onShowAsOf(e.occurred_at)}>
                As of here
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
