import type { AccountSession } from '@escrow/domain';
import { Alert, Button, Modal, Tag } from 'antd';
import { useState } from 'react';

import { LightTable } from '../../../components/LightTable';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useEndSessions, useSessions } from '../api/sessions';
import { formatWhen } from './format';

/** Where the account is signed in (issue 25): browser, address, first and last seen; end one or all others. */
export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSessions();
  const [confirmAll, setConfirmAll] = useState(false);
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-title" className="el-security__section">
      <h2 id="sessions-title">Where you are signed in</h2>
      {sessions.isPending ? (
        <Spinner label="Loading your sessions…" />
      ) : sessions.isError ? (
        <Alert type="error" showIcon title={errorMessage(sessions.error)} />
      ) : (
        <>
          <LightTable<AccountSession>
            rowKey="session_id"
            label="Active sessions"
            rows={sessions.data}
            size="small"
            minWidth={640}
            columns={[
              {
                title: 'Browser',
                dataIndex: 'browser',
                render: (v, s) => (
                  <>
                    {(v as string) || 'Unknown browser'} {s.current && <Tag color="green">This browser</Tag>}
                  </>
                ),
              },
              { title: 'Address', dataIndex: 'ip', render: (v) => (v as string) || '—' },
              { title: 'First seen', dataIndex: 'created_at', render: (v) => formatWhen(v as string) },
              { title: 'Last seen', dataIndex: 'last_seen_at', render: (v) => formatWhen(v as string) },
              {
                title: 'Action',
                render: (_, s) =>
                  s.current ? (
                    '—'
                  ) : (
                    <Button size="small" danger onClick={() => end.mutate(s.session_id)} loading={end.isPending && end.variables === s.session_id}>
                      End
                      <span className="el-visually-hidden"> the session of {s.browser || 'an unknown browser'}</span>
                    </Button>
                  ),
              },
            ]}
          />
          <Button
            style={{ marginTop: space.sm }}
            onClick={() => setConfirmAll(true)}
            disabled={others === 0}
            loading={end.isPending && end.variables === 'others'}
          >
            End all other sessions
          </Button>
          {end.isError && <Alert type="error" showIcon title={errorMessage(end.error)} style={{ marginTop: space.sm }} />}
          <Modal
            open={confirmAll}
            title="End all other sessions?"
            okText="End them"
            okButtonProps={{ danger: true }}
            onOk={() => {
              setConfirmAll(false);
              end.mutate('others');
            }}
            onCancel={() => setConfirmAll(false)}
          >
            <p>
              Every other browser signed in to your account is signed out ({others === 1 ? '1 session' : `${others} sessions`}). This browser stays signed in.
            </p>
          </Modal>
        </>
      )}
    </section>
  );
}
