import type { ChainCheckView } from '@escrow/domain';
import { Alert, App, Button, Card, Input, Progress, Typography } from 'antd';
import { useState } from 'react';

import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { rangeBundleUrl, useChainChecks, useSigningKey, useStartChainCheck } from '../api/chain-checks';
import { useAdminCan } from '../roles';
import { when } from './format';
import { RoleReason } from './RoleReason';

function CheckOutcome({ check }: { check: ChainCheckView }) {
  if (check.state === 'running') {
    const percent = check.total ? Math.min(100, Math.floor((check.checked / Math.max(check.total, 1)) * 100)) : 0;
    return (
      <div role="status" aria-label="Chain check">
        <Progress percent={percent} size="small" status={check.stale ? 'exception' : 'active'} />
        {check.checked} / {check.total ?? '?'} events checked{check.stale ? ' — interrupted: no heartbeat for a minute' : ''}
      </div>
    );
  }
  const by = check.origin === 'cli' ? 'from the command line' : 'from this page';
  if (check.state === 'passed')
    return (
      <Alert
        role="status"
        aria-label="Chain check"
        type="success"
        showIcon
        title={`Every hash chain intact: ${check.checked} events in ${check.streams} streams${check.files ? `; ${check.files.files} stored file(s) as recorded` : ''}`}
        description={`Checked ${when(check.finishedAt)}, ${by}.`}
      />
    );
  if (check.state === 'failed')
    return <Alert role="status" aria-label="Chain check" type="error" showIcon title="The check could not finish" description={check.error} />;
  const badFiles = check.files ? check.files.changed + check.files.missing : 0;
  const chainBroken = (check.brokenEvents ?? 0) > 0;
  return (
    <Alert
      role="status"
      aria-label="Chain check"
      type="error"
      showIcon
      title={
        chainBroken
          ? `${check.brokenEvents} event(s) break the hash chain — the first in the global order:`
          : `${badFiles} stored file(s) no longer match the hash their event records:`
      }
      description={
        <>
          {chainBroken && <p>{check.breaks[0]?.message}</p>}
          {chainBroken && check.breaks.length > 1 && (
            <ul>
              {check.breaks.slice(1).map((b) => (
                <li key={`${b.eventId}-${b.reason}`}>{b.message}</li>
              ))}
            </ul>
          )}
          {chainBroken && badFiles > 0 && <p>{badFiles} stored file(s) no longer match the hash their event records:</p>}
          {badFiles > 0 && (
            <ul aria-label="Changed or missing files">
              {check.files!.problems.map((p) => (
                <li key={`${p.attachmentId}-${p.file}`}>{p.message}</li>
              ))}
            </ul>
          )}
          <p>
            Checked {when(check.finishedAt)}, {by}. See docs/operations.md, “The hash chain”.
          </p>
        </>
      }
    />
  );
}

/** The chain check of `npm run projections -- verify`, with its progress; the last check shows whoever ran it. */
export function ChainCheckPanel() {
  const checks = useChainChecks();
  const start = useStartChainCheck();
  const gate = useAdminCan('check-chains');
  const { message } = App.useApp();
  const last = checks.data?.checks[0];
  return (
    <Card title="Hash chain" className="el-admin__proof" style={{ marginBottom: space.base }}>
      <p className="el-muted">
        Every event carries the hash of its stream&apos;s previous event and of its own content. The check recomputes them all in the global order and names the
        first event that does not match: an edit of the events table shows here.
      </p>
      <Button
        type="primary"
        loading={start.isPending}
        disabled={checks.data?.running || !gate.allowed}
        aria-describedby={gate.reason ? 'chain-check-role' : undefined}
        onClick={() => start.mutate(undefined, { onError: (e) => void message.error(errorMessage(e)) })}
      >
        Verify the hash chain
      </Button>
      <RoleReason action="check-chains" id="chain-check-role" />
      <div style={{ marginTop: space.base }}>
        {checks.isError ? <Alert type="error" showIcon title={errorMessage(checks.error)} /> : last ? <CheckOutcome check={last} /> : <p>Never checked yet.</p>}
      </div>
    </Card>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** Signed audit bundles of a date range, and the key they are signed with. */
export function AuditExportPanel() {
  const key = useSigningKey();
  const gate = useAdminCan('export-audit');
  const [from, setFrom] = useState(() => `${new Date().getUTCFullYear()}-01-01`);
  const [to, setTo] = useState(() => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from < to;
  return (
    <Card title="Audit export" className="el-admin__proof" style={{ marginBottom: space.base }}>
      <p className="el-muted">
        A bundle holds the events as stored (with their hashes), the ledger&apos;s postings and a manifest signed with this installation&apos;s key. An auditor
        checks it offline: <code>npx escrow-verify-audit-bundle bundle.jsonl --public-key key.pem</code>. One project&apos;s bundle is on its page.
      </p>
      <div className="el-actions" style={{ flexWrap: 'wrap', alignItems: 'end' }}>
        <label>
          From (UTC day)
          <Input type="date" value={from} max={today()} onChange={(e) => setFrom(e.target.value)} aria-label="From (UTC day)" />
        </label>
        <label>
          Before (UTC day)
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} aria-label="Before (UTC day)" />
        </label>
        {!gate.allowed ? (
          <RoleReason action="export-audit" />
        ) : valid ? (
          <Button type="primary" href={rangeBundleUrl(from, to)} download>
            Download audit bundle
          </Button>
        ) : (
          <span role="alert">The From day must be earlier than the Before day.</span>
        )}
      </div>
      {key.data && (
        <div style={{ marginTop: space.base }}>
          <strong>Signing key</strong> (
          {key.data.source === 'setting' ? 'from AUDIT_SIGNING_KEY' : 'development key in the data folder — set AUDIT_SIGNING_KEY'}
          ): fingerprint <code>{key.data.fingerprint}</code>
          <Typography.Paragraph copyable={{ text: key.data.publicKeyPem }} style={{ marginTop: space.xs }}>
            <pre className="el-admin__json" role="region" tabIndex={0} aria-label="Public key">
              {key.data.publicKeyPem}
            </pre>
          </Typography.Paragraph>
        </div>
      )}
    </Card>
  );
}
