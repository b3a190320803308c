import { formatDollars } from '@escrow/domain';
import { type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { useCompanyPermission } from '../api/company-role';
import type { ProjectSummary } from '../api/projects';
import { LightButton, LightButtonLink } from '../components/LightButton';
import { LightTable } from '../components/LightTable';
import { LightTag } from '../components/LightTag';
import { Spinner } from '../components/Spinner';
import { space } from '../design/tokens';
import { breakpoint } from '../design/tokens';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { isLoggedIn } from '../features/auth/api/types';
// Straight from its file, not the feature's index: the project list's first paint carries no antd.
import { CompanyPayoutChange } from '../features/bank-accounts/components/CompanyPayoutChange';
import { resumePath, useProjects } from '../features/projects/api/projects';
import { errorMessage } from '../lib/api-client';
import { lazyComponent } from '../lib/lazy-route';
import { useMediaQuery } from '../lib/use-media-query';
import { PortalFrame } from './portal/PortalFrame';

// The list is plain HTML; Ant Design (the toasts, the discard dialog) loads when first needed.
const ProjectListOverlays = lazyComponent(() => import('./portal/ProjectListOverlays'));

const EMPTY = 'No projects yet. Start one with the buttons above.';

function ProjectList({ projects, onDiscard }: { projects: ProjectSummary[]; onDiscard: (p: ProjectSummary) => void }) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const phone = !useMediaQuery(`(min-width: ${breakpoint.md}px)`);
  const actionsOf = (p: ProjectSummary): ReactNode =>
    p.is_draft && isLoggedIn(user) && p.created_by === user.user_id ? (
      <div className="el-table-actions">
        <LightButton variant="primary" size="small" onClick={() => navigate(resumePath(p))} aria-label={`Resume draft #${p.job_id}`}>
          Resume
        </LightButton>
        <LightButton danger size="small" onClick={() => onDiscard(p)} aria-label={`Discard draft #${p.job_id}`}>
          Discard
        </LightButton>
      </div>
    ) : (
      <LightButton size="small" onClick={() => navigate(`/portal/job/${p.job_id}`)} aria-label={`Open project #${p.job_id}`}>
        Open
      </LightButton>
    );
  const withWhom = (p: ProjectSummary) => (p.your_role === 'buyer' ? (p.primary_company_name ?? 'No seller yet') : p.customer_name);
  const statusTag = (p: ProjectSummary) => (
    <LightTag colour={p.status === 'Complete' ? 'green' : p.status === 'Draft' ? undefined : 'blue'}>{p.status}</LightTag>
  );
  const nextOf = (p: ProjectSummary) => p.next_action ?? (p.is_draft ? 'Finish and submit the project' : null);

  return phone ? (
    // On a phone every project is a card with all of its figures: nothing to scroll sideways.
    projects.length === 0 ? (
      <p className="el-light-table__empty">{EMPTY}</p>
    ) : (
      <ul className="el-project-cards" aria-label="Your projects">
        {projects.map((p) => (
          <li key={p.job_id} className="el-project-card" aria-label={`Project #${p.job_id}`}>
            <div className="el-project-card__head">
              <Link to={`/portal/job/${p.job_id}`}>{`#${p.job_id} ${p.service}`}</Link> {statusTag(p)}
            </div>
            <dl>
              <dt>Your role</dt>
              <dd>{p.your_role}</dd>
              <dt>With</dt>
              <dd>{withWhom(p)}</dd>
              <dt>Held in escrow</dt>
              <dd>{formatDollars(p.totals.held)}</dd>
              <dt>Released</dt>
              <dd>{formatDollars(p.totals.released)}</dd>
              <dt>Still to fund</dt>
              <dd>{formatDollars(p.totals.to_fund)}</dd>
              {nextOf(p) && (
                <>
                  <dt>Next action</dt>
                  <dd>{nextOf(p)}</dd>
                </>
              )}
            </dl>
            {actionsOf(p)}
          </li>
        ))}
      </ul>
    )
  ) : (
    // A plain HTML table: the list needs no pagination, filter or selection of antd's Table.
    <LightTable<ProjectSummary>
      rowKey="job_id"
      rows={projects}
      minWidth={980}
      label="Your projects"
      empty={EMPTY}
      columns={[
        { title: 'Project', fixed: 'left', width: 150, render: (_, p) => <Link to={`/portal/job/${p.job_id}`}>{`#${p.job_id} ${p.service}`}</Link> },
        { title: 'Your role', dataIndex: 'your_role' },
        { title: 'With', render: (_, p) => withWhom(p) },
        { title: 'Status', render: (_, p) => statusTag(p) },
        { title: 'Held in escrow', align: 'right', render: (_, p) => formatDollars(p.totals.held) },
        { title: 'Released', align: 'right', render: (_, p) => formatDollars(p.totals.released) },
        { title: 'Still to fund', align: 'right', render: (_, p) => formatDollars(p.totals.to_fund) },
        { title: 'Next action', render: (_, p) => nextOf(p) ?? <span className="el-muted">—</span> },
        {
          title: 'Actions',
          fixed: 'right',
          width: 110,
          render: (_, p) => actionsOf(p),
        },
      ]}
    />
  );
}

/**
 * The list's heading and what may be started from it, drawn as soon as the user is known: the
 * heading is the screen's largest text (Lighthouse's LCP), so it does not wait for the projects.
 */
function PortalActions() {
  const { data: user } = useCurrentUser();
  const isSeller = isLoggedIn(user) && user.company !== null;
  const mayEditProjects = useCompanyPermission('projects.edit');
  return (
    <>
      <div className="el-actions" style={{ justifyContent: 'space-between', marginBottom: space.base }}>
        <h1 style={{ margin: 0 }}>Your projects</h1>
        <div className="el-actions">
          {mayEditProjects.allowed && (
            <LightButtonLink variant="primary" to="/portal/new-project/customer">
              New project as owner
            </LightButtonLink>
          )}
          {isSeller && mayEditProjects.allowed && <LightButtonLink to="/portal/new-project/company">New project for a buyer</LightButtonLink>}
          {isSeller && <Link to="/portal/direct-deposit">Payout account</Link>}
          {isSeller && <Link to="/portal/waivers">Lien waivers</Link>}
          {isSeller && <Link to="/portal/webhooks">Integrations</Link>}
          {isSeller && <Link to="/portal/account/team">Team</Link>}
          <Link to="/portal/account/security">Sign-in and security</Link>
        </div>
      </div>
      {isSeller && mayEditProjects.reason && <p className="el-muted">{mayEditProjects.reason}</p>}
    </>
  );
}

function ProjectsTable() {
  const projects = useProjects();
  const location = useLocation();
  const navigate = useNavigate();
  const [toast, setToast] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState<ProjectSummary | null>(null);
  // Once needed, the overlays stay mounted: the dialog gives the focus back when it closes.
  const [overlays, setOverlays] = useState(false);
  const arrivedWith = (location.state as { toast?: string } | null)?.toast;
  // A toast carried by the navigation here (the project just created) is taken once per arrival…
  const [toastOf, setToastOf] = useState<string | null>(null);
  if (arrivedWith && toastOf !== location.key) {
    setToastOf(location.key);
    setToast(arrivedWith);
    setOverlays(true);
  }
  // …and dropped from the history entry, so a reload does not show it again.
  useEffect(() => {
    if (arrivedWith) navigate(location.pathname, { replace: true, state: null });
  }, [arrivedWith, navigate, location.pathname]);
  const toastShown = useCallback(() => setToast(null), []);

  return (
    <>
      <PortalActions />
      {projects.isPending ? (
        <Spinner label="Loading your projects…" />
      ) : projects.isError ? (
        <p role="alert">{errorMessage(projects.error)}</p>
      ) : (
        <ProjectList
          projects={projects.data}
          onDiscard={(p) => {
            setDiscarding(p);
            setOverlays(true);
          }}
        />
      )}
      {/* Beside the list, not in it: a toast shows while the list still loads. */}
      {overlays && (
        <Suspense fallback={null}>
          <ProjectListOverlays toast={toast} onToastShown={toastShown} discarding={discarding} onDone={() => setDiscarding(null)} />
        </Suspense>
      )}
    </>
  );
}

/** /portal: where users land after login and after creating a project (docs/product.md#portal). */
export function PortalPage() {
  return (
    <PortalFrame>
      <CompanyPayoutChange />
      <ProjectsTable />
    </PortalFrame>
  );
}
