import { Timeline } from 'antd';
import { Link } from 'react-router-dom';

import { Spinner } from '../../components/Spinner';
import { useHistory } from '../../features/projects/api/projects';
import { errorMessage } from '../../lib/api-client';

/** The project's audit history, newest last: who did what, when, and what changed. */
export function ProjectHistory({ projectId }: { projectId: number }) {
  const history = useHistory(projectId);
  if (history.isPending) return <Spinner />;
  if (history.isError) return <p role="alert">{errorMessage(history.error)}</p>;
  return (
    <Timeline
      items={history.data.map((h) => ({
        key: h.event_id,
        content: (
          <div data-testid="history-entry" data-type={h.type}>
            <div className="el-muted">
              {new Date(h.at).toLocaleString()} · {h.actor_name ?? 'System'}
              {h.actor_role && h.actor_role !== 'system'
                ? ` (${h.actor_role === 'customer' ? 'buyer' : h.actor_role === 'company' ? 'seller' : h.actor_role})`
                : ''}
            </div>
            <div>
              {h.summary}
              {typeof h.data?.waiverName === 'string' && (
                <>
                  {' '}
                  <Link to={`/portal/waivers/${h.data.waiverName}`}>View the waiver</Link>
                </>
              )}
            </div>
            {h.changes.length > 0 && (
              <ul className="el-changes" aria-label="Changes">
                {h.changes.map((c) => (
                  <li key={c.field}>
                    {c.field}: <del>{c.from ?? '—'}</del> → <ins>{c.to ?? '—'}</ins>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ),
      }))}
    />
  );
}
