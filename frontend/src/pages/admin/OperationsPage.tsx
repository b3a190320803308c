import { space } from '../../design/tokens';
import { AuditExportPanel, ChainCheckPanel } from '../../features/admin/components/IntegrityPanels';
import { ProjectorsTable } from '../../features/admin/components/ProjectorsTable';
import { ReadHorizon } from '../../features/admin/components/ReadHorizon';
import { AdminShell } from './AdminShell';

/** /admin/operations: the projection runner for operators (docs/operations.md). */
export function AdminOperationsPage() {
  return (
    <AdminShell>
      <h1>Operations</h1>
      <p className="el-muted">
        Read models are projected from the events. A rebuild replays every event into fresh tables while these keep serving, compares them with the live ones,
        then swaps them in — the same engine as <code>npm run projections -- rebuild &lt;name&gt;</code>.
      </p>
      <ProjectorsTable />
      <ReadHorizon />
      <h2 style={{ marginTop: space.xl }}>Proof for auditors</h2>
      <ChainCheckPanel />
      <AuditExportPanel />
    </AdminShell>
  );
}
