import { Alert, Tabs } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { Spinner } from '../../components/Spinner';
import { projectBundleUrl } from '../../features/admin/api/chain-checks';
import { useAdminProject } from '../../features/admin/api/get-project';
import { AdminRetainage } from '../../features/admin/components/AdminRetainage';
import { ContractsTable } from '../../features/admin/components/ContractsTable';
import { EventTimeline } from '../../features/admin/components/EventTimeline';
import { LazyAdminBilling, LazyPointInTime } from '../../features/admin/components/lazy-tabs';
import { LedgerTable } from '../../features/admin/components/LedgerTable';
import { ProjectOverview } from '../../features/admin/components/ProjectOverview';
import { ProjectsTable } from '../../features/admin/components/ProjectsTable';
import { SignedAgreement } from '../../features/admin/components/SignedAgreement';
import { UnsignedContracts } from '../../features/admin/components/UnsignedContracts';
import { useAdminCan } from '../../features/admin/roles';
import { retainageEvidence } from '../../features/attachments/api/owner';
import { LazyDisputeEvidence } from '../../features/attachments/components/lazy';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { isLoggedIn } from '../../features/auth/api/types';
import { errorMessage } from '../../lib/api-client';
import { AdminShell } from './AdminShell';

const useProjectId = () => Number(useParams().projectId);

/** /admin/projects */
export function AdminProjectsPage() {
  return (
    <AdminShell>
      <h1>Projects</h1>
      <ProjectsTable />
    </AdminShell>
  );
}

const TABS = ['overview', 'billing', 'retainage', 'ledger', 'events', 'as-of'] as const;
type Tab = (typeof TABS)[number];

/** The signed bundle, for the roles that export (inside AdminShell, which knows the role). */
function AuditBundleLink({ projectId }: { projectId: number }) {
  if (!useAdminCan('export-audit').allowed) return null;
  return (
    <>
      {' · '}
      <a href={projectBundleUrl(projectId)} download>
        Audit bundle (signed)
      </a>
    </>
  );
}

/** /admin/job/{job_id}: everything about one project; the tab and the instant live in the address. */
export function AdminProjectPage() {
  const projectId = useProjectId();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'overview';
  const at = params.get('at');
  const project = useAdminProject(projectId);
  const { data: user } = useCurrentUser();
  const userId = isLoggedIn(user) ? user.user_id : 0;
  const go = (next: Tab, instant?: string) => setParams(instant ? { tab: next, at: instant } : at && next === 'as-of' ? { tab: next, at } : { tab: next });
  return (
    <AdminShell>
      <h1>
        Project #{projectId}
        {project.data ? ` · ${project.data.summary.service}` : ''}
      </h1>
      <p className="el-muted">
        <Link to={`/admin/job/${projectId}/contracts`}>Signed contracts</Link> ·{' '}
        <Link to={`/admin/job/${projectId}/unsigned-contracts`}>Unsigned contracts</Link> · <Link to={`/admin/payments?job_id=${projectId}`}>Payments</Link>
        <AuditBundleLink projectId={projectId} />
      </p>
      {project.isPending ? (
        <Spinner />
      ) : project.isError ? (
        <Alert type="error" showIcon title={errorMessage(project.error)} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => go(key as Tab)}
          items={[
            { key: 'overview', label: 'Overview', children: <ProjectOverview project={project.data} /> },
            // A progress-billed project's schedule, pay applications and certificates, escrow balance, deposits and payouts.
            ...(project.data.billing
              ? [{ key: 'billing', label: 'Billing', children: <LazyAdminBilling projectId={projectId} billing={project.data.billing} /> }]
              : []),
            {
              key: 'retainage',
              label: 'Retainage',
              children: (
                <AdminRetainage
                  projectId={projectId}
                  progress={Boolean(project.data.billing)}
                  disputeEvidence={(disputeId) => (
                    <LazyDisputeEvidence owner={retainageEvidence(projectId)} disputeId={disputeId} open viewer={{ userId, role: 'admin' }} />
                  )}
                />
              ),
            },
            { key: 'ledger', label: 'Ledger', children: <LedgerTable projectId={projectId} milestones={project.data.milestones} /> },
            { key: 'events', label: 'Events', children: <EventTimeline projectId={projectId} onShowAsOf={(instant) => go('as-of', instant)} /> },
            {
              key: 'as-of',
              label: 'Point in time',
              children: <LazyPointInTime key={at ?? ''} projectId={projectId} at={at} onChange={(instant) => go('as-of', instant)} />,
            },
          ]}
        />
      )}
    </AdminShell>
  );
}

/** /admin/job/{job_id}/contracts: the signed agreements of a project. */
export function AdminContractsPage() {
  const projectId = useProjectId();
  return (
    <AdminShell>
      <h1>Contracts of project #{projectId}</h1>
      <p className="el-muted">
        <Link to={`/admin/job/${projectId}`}>← Project #{projectId}</Link> · <Link to={`/admin/job/${projectId}/unsigned-contracts`}>Unsigned contracts</Link>
      </p>
      <ContractsTable projectId={projectId} />
    </AdminShell>
  );
}

/** /admin/job/{job_id}/unsigned-contracts: what still waits for a signature. */
export function AdminUnsignedContractsPage() {
  const projectId = useProjectId();
  return (
    <AdminShell>
      <h1>Unsigned contracts of project #{projectId}</h1>
      <p className="el-muted">
        <Link to={`/admin/job/${projectId}`}>← Project #{projectId}</Link> · <Link to={`/admin/job/${projectId}/contracts`}>Signed contracts</Link>
      </p>
      <UnsignedContracts projectId={projectId} />
    </AdminShell>
  );
}

/** /admin/signed/{contract_name}: the document alone (no header, footer or console menu). */
export function AdminSignedPage() {
  const name = useParams().contractName ?? '';
  return (
    <AdminShell bare>
      <SignedAgreement name={name} />
    </AdminShell>
  );
}
