import { Alert, Card, Tag } from 'antd';
import { Link } from 'react-router-dom';

import { Spinner } from '../../../components/Spinner';
import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentAgreement } from '../api/get-current-agreement';
import { useContracts } from '../api/get-project-contracts';
import { when } from './format';

/**
 * What still waits for a signature: the agreement as it reads now when a party has not signed it,
 * and earlier texts that only one party signed before the milestones changed.
 */
export function UnsignedContracts({ projectId }: { projectId: number }) {
  const current = useCurrentAgreement(projectId);
  const contracts = useContracts(projectId);
  if (current.isPending || contracts.isPending) return <Spinner />;
  const missing = current.data ? (['buyer', 'seller'] as const).filter((p) => !current.data.signatures[p]) : [];
  const halfSigned = (contracts.data ?? []).filter((c) => c.contract_name !== current.data?.contract_name && (!c.buyer || !c.seller));
  return (
    <>
      <Card size="small" title="The agreement as it reads now" role="region" aria-label="Current agreement">
        {current.isError ? (
          <Alert type="warning" showIcon title={errorMessage(current.error)} />
        ) : missing.length === 0 ? (
          <p>
            Signed by both parties: <Link to={`/admin/signed/${encodeURIComponent(current.data.contract_name)}`}>{current.data.contract_name}</Link>.
          </p>
        ) : (
          <>
            <p>
              {current.data.contract_name} is <strong>not signed by the {missing.join(' or the ')}</strong>
              {missing.length === 1 ? ` (the ${missing[0] === 'buyer' ? 'seller' : 'buyer'} signed it)` : ''}.
            </p>
            {/* It scrolls, so it takes focus: a keyboard can scroll it too. */}
            <pre
              className="el-agreement"
              style={{ maxHeight: 480, overflow: 'auto' }}
              tabIndex={0}
              role="region"
              aria-label={`Text of ${current.data.contract_name}`}
            >
              {current.data.text}
            </pre>
          </>
        )}
      </Card>
      <h2>Earlier texts signed by one party only</h2>
      {contracts.isError && <Alert type="error" showIcon title={errorMessage(contracts.error)} />}
      <WideTable
        size="small"
        rowKey="contract_name"
        dataSource={halfSigned}
        pagination={false}
        scroll={{ x: 700 }}
        aria-label="Half-signed contracts"
        locale={{ emptyText: 'None.' }}
        columns={[
          { title: 'Document', render: (_, c) => <Link to={`/admin/signed/${encodeURIComponent(c.contract_name)}`}>{c.contract_name}</Link> },
          { title: 'Signed by', render: (_, c) => (c.buyer ? `buyer ${c.buyer.signed_name}` : c.seller ? `seller ${c.seller.signed_name}` : '—') },
          { title: 'Missing', render: (_, c) => <Tag color="orange">{c.buyer ? 'seller' : 'buyer'}</Tag> },
          { title: 'First signed', render: (_, c) => when(c.first_signed_at) },
        ]}
      />
    </>
  );
}
