import type { CompanySecurityLogEntry } from '@escrow/domain';
import { Select } from 'antd';
import { useState } from 'react';

import { useCompanyPermission } from '../../api/company-role';
import { space } from '../../design/tokens';
import { SecurityLogTable } from '../../features/security/components/SecurityLogTable';
import { useCompanySecurityLog, useTeam } from '../../features/teams';
import { actorName } from '../../lib/actor';

/** Whose entry it is, as the owners read it: "Dana Pruitt (project manager)"; a former member by name only. */
const withRole = (e: CompanySecurityLogEntry): CompanySecurityLogEntry => ({ ...e, user_name: e.user_name && actorName(e.user_name, e.member_role) });

/**
 * The company's security view (issue 37), for the members who manage the team (owners): who was
 * invited, joined, changed role, was removed or left, and each member's sign-ins and step-ups,
 * newest first, for everyone or one member. The others are told on the Team page who manages it.
 */
export function CompanySecurityLog() {
  const manages = useCompanyPermission('members.manage');
  const team = useTeam();
  const [page, setPage] = useState(1);
  const [userId, setUserId] = useState<number | null>(null);
  const log = useCompanySecurityLog(page, userId, manages.allowed);
  if (!manages.allowed) return null;
  const data = log.data && { ...log.data, entries: log.data.entries.map(withRole) };
  return (
    <section aria-labelledby="company-security-log-title" style={{ marginTop: space.xl }}>
      <h2 id="company-security-log-title">Security log</h2>
      <p>Changes to the team, and your members&apos; sign-ins and step-ups.</p>
      <div className="el-actions" style={{ marginBottom: space.sm }}>
        <label htmlFor="company-security-log-member">Member</label>
        <Select<number>
          id="company-security-log-member"
          allowClear
          placeholder="Every member"
          style={{ minWidth: 240 }}
          value={userId ?? undefined}
          onChange={(value) => {
            setUserId(value ?? null);
            setPage(1);
          }}
          options={(team.data?.members ?? []).map((m) => ({ value: m.user_id, label: m.display_name }))}
        />
      </div>
      <SecurityLogTable log={{ ...log, data }} page={page} onPage={setPage} withUser accountOf={(r) => r.user_name ?? '—'} />
    </section>
  );
}
