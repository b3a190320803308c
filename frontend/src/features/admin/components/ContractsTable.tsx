import type { AgreementSignatureView } from '@escrow/domain';
import { Alert, Tag } from 'antd';
import { Link } from 'react-router-dom';

import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { useContracts } from '../api/get-project-contracts';
import { when } from './format';

const signature = (s: AgreementSignatureView | null) => (s ? `${s.signed_name}, ${when(s.at)}` : <Tag color="orange">not signed</Tag>);

/** Every agreement text of a project that was signed, by whom and when (/admin/job/{id}/contracts). */
export function ContractsTable({ projectId }: { projectId: number }) {
  const contracts = useContracts(projectId);
  if (contracts.isError) return <Alert type="error" showIcon title={errorMessage(contracts.error)} />;
  return (
    <WideTable
      size="small"
      rowKey="contract_name"
      loading={contracts.isPending}
      dataSource={contracts.data}
      pagination={false}
      scroll={{ x: 800 }}
      aria-label="Signed contracts"
      locale={{ emptyText: 'Nobody has signed an agreement of this project yet.' }}
      columns={[
        { title: 'Document', render: (_, c) => <Link to={`/admin/signed/${encodeURIComponent(c.contract_name)}`}>{c.contract_name}</Link> },
        { title: 'First signed', render: (_, c) => when(c.first_signed_at) },
        { title: 'Buyer', render: (_, c) => signature(c.buyer) },
        { title: 'Seller', render: (_, c) => signature(c.seller) },
        { title: 'SHA-256', render: (_, c) => <code>{c.agreement_hash.slice(0, 12)}…</code> },
      ]}
    />
  );
}
