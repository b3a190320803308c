import type { AdminSecurityLogEntry, AdminSecurityLogPage, SecurityLogEntry, SecurityLogPage } from '@escrow/domain';
import { Alert, Pagination } from 'antd';

import { LightTable } from '../../../components/LightTable';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { detailInWords, formatWhen, kindInWords } from './format';

/** A record of either log (an administrator's also says whose account), numbered for the table's key. */
type Row = SecurityLogEntry & Partial<Pick<AdminSecurityLogEntry, 'user_id' | 'user_name'>> & { row: number };

/** A page of the security log: when, what, by whom, from which browser and address. Admins also see whose account. */
export function SecurityLogTable({
  log,
  page,
  onPage,
  withUser = false,
  accountOf = (r) => `${r.user_name ?? ''} (#${r.user_id ?? '?'})`,
}: {
  log: { data?: SecurityLogPage | AdminSecurityLogPage; isPending: boolean; isError: boolean; error: unknown };
  page: number;
  onPage: (page: number) => void;
  withUser?: boolean;
  /** How the Account column names a row's person (a company's owners read names and roles, not ids). */
  accountOf?: (row: Row) => string;
}) {
  if (log.isPending) return <Spinner label="Loading the security log…" />;
  if (log.isError || !log.data) return <Alert type="error" showIcon title={errorMessage(log.error)} />;
  const entries: Omit<Row, 'row'>[] = log.data.entries;
  const rows: Row[] = entries.map((entry, row) => ({ ...entry, row }));
  return (
    <>
      <LightTable<Row>
        rowKey="row"
        label="Security log"
        rows={rows}
        size="small"
        minWidth={withUser ? 900 : 600}
        empty="Nothing recorded yet."
        columns={[
          { title: 'When', dataIndex: 'at', render: (v) => formatWhen(v as string) },
          ...(withUser ? [{ title: 'Account', dataIndex: 'user_name' as const, render: (_: unknown, r: Row) => accountOf(r) }] : []),
          {
            title: 'What',
            dataIndex: 'kind',
            render: (v, r) => {
              const detail = detailInWords(r.detail);
              return detail ? `${kindInWords(v as string)} (${detail})` : kindInWords(v as string);
            },
          },
          { title: 'By', dataIndex: 'actor_name', render: (v) => (v as string) || '—' },
          { title: 'Browser', dataIndex: 'browser', render: (v) => (v as string) || '—' },
          { title: 'Address', dataIndex: 'ip', render: (v) => (v as string) || '—' },
        ]}
      />
      {log.data.pages > 1 && (
        <Pagination
          style={{ marginTop: space.sm }}
          current={page}
          total={log.data.pages * 10}
          pageSize={10}
          showSizeChanger={false}
          onChange={onPage}
          aria-label="Security log pages"
        />
      )}
    </>
  );
}
