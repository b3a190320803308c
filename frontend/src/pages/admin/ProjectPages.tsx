import { Alert, Tabs } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { Spinner } from '../../components/Spinner';
import { projectBundleUrl } from '../../features/admin/api/chain-checks';
import { useAdminJob } from '../../features/admin/api/get-job';
import { AdminRetainage } from '../../features/admin/components/AdminRetainage';
import { ContractsTable } from '../../features/admin/components/ContractsTable';
import { EventTimeline } from '../../features/admin/components/EventTimeline';
import { JobOverview } from '../../features/admin/components/JobOverview';
import { LedgerTable } from '../../features/admin/components/LedgerTable';
import { PointInTime } from '../../features/admin/components/PointInTime';
import { ProjectsTable } from '../../features/admin/components/ProjectsTable';
import { SignedAgreement } from '../../features/admin/components/SignedAgreement';
import { UnsignedContracts } from '../../features/admin/components/UnsignedContracts';
import { useAdminCan } from '../../features/admin/roles';
import { errorMessage } from '../../lib/api-client';
import { AdminShell } from './AdminShell';

const useJobId = () => Number(useParams().jobId);

/** /admin/projects */
export function AdminProjectsPage() {
  return (
    <AdminShell>
      <h1>Projects</h1>
      <ProjectsTable />
    </AdminShell>
  );
}

const TABS = ['overview', 'retainage', 'ledger', 'events', 'as-of'] as const;
type Tab = (typeof TABS)[number];

/** The signed bundle, for the roles that export (inside AdminShell, which knows the role). */
function AuditBundleLink({ jobId }: { jobId: number }) {
  if (!useAdminCan('export-audit').allowed) return null;
  return (
    <>
      {' · '}
      <a href={projectBundleUrl(jobId)} download>
        Audit bundle (signed)
      </a>
    </>
  );
}

/** /admin/job/{job_id}: everything about one project; the tab and the instant live in the address. */
export function AdminJobPage() {
  const jobId = useJobId();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'overview';
  const at = params.get('at');
  const job = useAdminJob(jobId);
  const go = (next: Tab, instant?: string) => setParams(instant ? { tab: next, at: instant } : at && next === 'as-of' ? { tab: next, at } : { tab: next });
  return (
    <AdminShell>
      <h1>
        Project #{jobId}
        {job.data ? ` · ${job.data.summary.service}` : ''}
      </h1>
      <p className="el-muted">
        <Link to={`/admin/job/${jobId}/contracts`}>Signed contracts</Link> · <Link to={`/admin/job/${jobId}/unsigned-contracts`}>Unsigned contracts</Link> ·{' '}
        <Link to={`/admin/payments?job_id=${jobId}`}>Payments</Link>
        <AuditBundleLink jobId={jobId} />
      </p>
      {job.isPending ? (
        <Spinner />
      ) : job.isError ? (
        <Alert type="error" showIcon title={errorMessage(job.error)} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => go(key as Tab)}
          items={[
            { key: 'overview', label: 'Overview', children: <JobOverview job={job.data} /> },
            { key: 'retainage', label: 'Retainage', children: <AdminRetainage jobId={jobId} /> },
            { key: 'ledger', label: 'Ledger', children: <LedgerTable jobId={jobId} milestones={job.data.milestones} /> },
            { key: 'events', label: 'Events', children: <EventTimeline jobId={jobId} onShowAsOf={(instant) => go('as-of', instant)} /> },
            {
              key: 'as-of',
              label: 'Point in time',
              children: <PointInTime key={at ?? ''} jobId={jobId} at={at} onChange={(instant) => go('as-of', instant)} />,
            },
          ]}
        />
      )}
    </AdminShell>
  );
}

/** /admin/job/{job_id}/contracts: the signed agreements of a project. */
export function AdminContractsPage() {
  const jobId = useJobId();
  return (
    <AdminShell>
      <h1>Contracts of project #{jobId}</h1>
      <p className="el-muted">
        <Link to={`/admin/job/${jobId}`}>← Project #{jobId}</Link> · <Link to={`/admin/job/${jobId}/unsigned-contracts`}>Unsigned contracts</Link>
      </p>
      <ContractsTable jobId={jobId} />
    </AdminShell>
  );
}

/** /admin/job/{job_id}/unsigned-contracts: what still waits for a signature. */
export function AdminUnsignedContractsPage() {
  const jobId = useJobId();
  return (
    <AdminShell>
      <h1>Unsigned contracts of project #{jobId}</h1>
      <p className="el-muted">
        <Link to={`/admin/job/${jobId}`}>← Project #{jobId}</Link> · <Link to={`/admin/job/${jobId}/contracts`}>Signed contracts</Link>
      </p>
      <UnsignedContracts jobId={jobId} />
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
