import type { ProjectHistoryEntry } from '@escrow/domain';
import { Timeline } from 'antd';
import { Link } from 'react-router-dom';

import { Spinner } from '../../components/Spinner';
import { useHistory } from '../../features/projects/api/projects';
import { actorName } from '../../lib/actor';
import { errorMessage } from '../../lib/api-client';

/**
 * Who acted, as the History names them. A member acts for the project's seller, unless the event
 * names another company (a subcontractor's lien waiver): then that company's name is not known here.
 */
function who(h: ProjectHistoryEntry, seller: { id: number; name: string } | null): string {
  if (!h.actor_name) return 'System';
  if (h.actor_company_role) {
    const forOther = typeof h.data?.companyId === 'number' && h.data.companyId !== seller?.id;
    return actorName(h.actor_name, h.actor_company_role, forOther ? null : seller?.name);
  }
  const party = h.actor_role === 'customer' ? 'buyer' : h.actor_role === 'company' ? 'seller' : h.actor_role;
  return party && party !== 'system' ? `${h.actor_name} (${party})` : h.actor_name;
}

/** The project's audit history, newest last: who did what, when, and what changed. */
export function ProjectHistory({ projectId, seller = null }: { projectId: number; seller?: { id: number; name: string } | null }) {
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
              {new Date(h.at).toLocaleString()} · {who(h, seller)}
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
