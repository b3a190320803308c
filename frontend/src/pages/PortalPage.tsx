import { formatDollars } from '@escrow/domain';
import { App, Button, Empty, Table, Tag } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { isLoggedIn } from '../features/auth/api/types';
import { useProjects } from '../features/projects/api/projects';
import type { ProjectSummary } from '../features/projects/api/types';
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

  useEffect(() => {
    if (!toast) return;
    void message.success({ content: toast, duration: TOAST_PROJECT_CREATED_MS / 1000 });
    navigate(location.pathname, { replace: true, state: null });
  }, [toast, message, navigate, location.pathname]);

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
        </div>
      </div>
      <Table<ProjectSummary>
        rowKey="job_id"
        dataSource={projects.data}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description="No projects yet. Start one with the buttons above." /> }}
        columns={[
          { title: 'Project', render: (_, p) => <Link to={`/portal/job/${p.job_id}`}>{`#${p.job_id} ${p.service}`}</Link> },
          { title: 'Your role', dataIndex: 'your_role' },
          { title: 'With', render: (_, p) => (p.your_role === 'buyer' ? (p.primary_company_name ?? 'No seller yet') : p.customer_name) },
          { title: 'Status', render: (_, p) => <Tag color={p.status === 'Complete' ? 'green' : p.status === 'Draft' ? 'default' : 'blue'}>{p.status}</Tag> },
          { title: 'Held in escrow', align: 'right', render: (_, p) => formatDollars(p.totals.held) },
          { title: 'Released', align: 'right', render: (_, p) => formatDollars(p.totals.released) },
          { title: 'Still to fund', align: 'right', render: (_, p) => formatDollars(p.totals.to_fund) },
          { title: 'Next action', render: (_, p) => p.next_action ?? <span className="el-muted">—</span> },
          { title: '', render: (_, p) => <Button size="small" onClick={() => navigate(`/portal/job/${p.job_id}`)}>Open</Button> },
        ]}
      />
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
