import { Alert, Button } from 'antd';
import { Link } from 'react-router-dom';

import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSignedAgreement } from '../api/get-signed-agreement';
import { when } from './format';

/** A signed agreement as a printable document (/admin/signed/{contract_name}: no header or footer). */
export function SignedAgreement({ name }: { name: string }) {
  const signed = useSignedAgreement(name);
  if (signed.isPending) return <Spinner />;
  if (signed.isError) return <Alert type="error" showIcon title={errorMessage(signed.error)} />;
  const s = signed.data;
  return (
    <article aria-label="Signed agreement" style={{ maxWidth: 820 }}>
      <p className="el-muted">
        <Link to={`/admin/job/${s.job_id}/contracts`}>← Contracts of project #{s.job_id}</Link>
      </p>
      <h1>Escrow agreement of project #{s.job_id}</h1>
      <pre className="el-agreement">{s.text}</pre>
      <h2>Signatures</h2>
      <p>Buyer: {s.signatures.buyer ? `${s.signatures.buyer.signed_name}, ${when(s.signatures.buyer.at)}` : 'not signed'}</p>
      <p>Seller: {s.signatures.seller ? `${s.signatures.seller.signed_name}, ${when(s.signatures.seller.at)}` : 'not signed'}</p>
      <p className="el-muted" style={{ overflowWrap: 'anywhere' }}>
        Document {s.contract_name} · SHA-256 {s.agreement_hash}
      </p>
      <Button onClick={() => window.print()}>Print</Button>
    </article>
  );
}
