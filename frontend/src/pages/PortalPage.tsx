import { formatDollars } from '@escrow/domain';
import { App, Button, Empty, Grid, Modal, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import type { ProjectSummary } from '../api/projects';
import { Spinner } from '../components/Spinner';
import { WideTable } from '../components/WideTable';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { isLoggedIn } from '../features/auth/api/types';
import { resumePath, useDiscardDraft } from '../features/projects/api/new-project';
import { useProjects } from '../features/projects/api/projects';
import { errorMessage } from '../lib/api-client';
import { TOAST_PROJECT_CREATED_MS } from '../lib/timers';
import { PortalShell } from './portal/PortalShell';

function ProjectsTable() {
  const { data: user } = useCurrentUser();
  const projects = useProjects();
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const toast = (location.state as { toast?: string } | null)?.toast;
  const discard = useDiscardDraft();
  const [discarding, setDiscarding] = useState<ProjectSummary | null>(null);

  useEffect(() => {
    if (!toast) return;
    void message.success({ content: toast, duration: TOAST_PROJECT_CREATED_MS / 1000 });
    navigate(location.pathname, { replace: true, state: null });
  }, [toast, message, navigate, location.pathname]);

  const phone = !Grid.useBreakpoint().md;
  const actionsOf = (p: ProjectSummary): ReactNode =>
    p.is_draft && isLoggedIn(user) && p.created_by === user.user_id ? (
      <div className="el-table-actions">
        <Button size="small" type="primary" onClick={() => navigate(resumePath(p))} aria-label={`Resume draft #${p.job_id}`}>
          Resume
        </Button>
        <Button size="small" danger onClick={() => setDiscarding(p)} aria-label={`Discard draft #${p.job_id}`}>
          Discard
        </Button>
      </div>
    ) : (
      <Button size="small" onClick={() => navigate(`/portal/job/${p.job_id}`)} aria-label={`Open project #${p.job_id}`}>
        Open
      </Button>
    );
  const withWhom = (p: ProjectSummary) => (p.your_role === 'buyer' ? (p.primary_company_name ?? 'No seller yet') : p.customer_name);
  const statusTag = (p: ProjectSummary) => <Tag color={p.status === 'Complete' ? 'green' : p.status === 'Draft' ? 'default' : 'blue'}>{p.status}</Tag>;
  const nextOf = (p: ProjectSummary) => p.next_action ?? (p.is_draft ? 'Finish and submit the project' : null);

  if (projects.isPending) return <Spinner label="Loading your projects…" />;
  if (projects.isError) return <p role="alert">{errorMessage(projects.error)}</p>;
  const isSeller = isLoggedIn(user) && user.company !== null;
  return (
    <>
      <div className="el-actions" style={{ justifyContent: 'space-between', marginBottom: 16 }}>
        <h1 style={{ margin: 0 }}>Your projects</h1>
        <div className="el-actions">
          <Link className="el-button" to="/portal/new-project/customer">
            New project as owner
          </Link>
          {isSeller && (
            <Link className="el-button el-button--ghost" to="/portal/new-project/company">
              New project for a buyer
            </Link>
          )}
          {isSeller && <Link to="/portal/direct-deposit">Payout account</Link>}
          {isSeller && <Link to="/portal/webhooks">Integrations</Link>}
        </div>
      </div>
      {phone ? (
        // On a phone every project is a card with all of its figures: nothing to scroll sideways.
        projects.data.length === 0 ? (
          <Empty description="No projects yet. Start one with the buttons above." />
        ) : (
          <ul className="el-project-cards" aria-label="Your projects">
            {projects.data.map((p) => (
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
        <WideTable<ProjectSummary>
          rowKey="job_id"
          dataSource={projects.data}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 980 }}
          aria-label="Your projects"
          locale={{ emptyText: <Empty description="No projects yet. Start one with the buttons above." /> }}
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
      )}
      <Modal
        open={discarding !== null}
        title={discarding ? `Discard draft #${discarding.job_id}?` : ''}
        okText="Discard draft"
        okButtonProps={{ danger: true }}
        confirmLoading={discard.isPending}
        onCancel={() => setDiscarding(null)}
        onOk={() =>
          discard.mutate(discarding!.job_id, {
            onSuccess: () => {
              void message.success(`Draft #${discarding!.job_id} discarded`);
              setDiscarding(null);
            },
            onError: (e) => void message.error(errorMessage(e)),
          })
        }
      >
        {discarding && (
          <p>
            The draft {discarding.service} project
            {discarding.customer_name
              ? ` with ${discarding.your_role === 'buyer' ? (discarding.primary_company_name ?? 'no seller yet') : discarding.customer_name}`
              : ''}{' '}
            and its {discarding.milestone_count} milestone
            {discarding.milestone_count === 1 ? '' : 's'} will be gone. Nobody else has seen it.
          </p>
        )}
      </Modal>
    </>
  );
}

/** /portal: where users land after login and after creating a project (spec §2). */
export function PortalPage() {
  return (
    <PortalShell>
      <ProjectsTable />
    </PortalShell>
  );
}
