import { Alert, Button } from 'antd';

import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSignedAgreement } from '../api/get-signed-agreement';

/** A signed agreement as a printable document, with who signed it and when. */
export function SignedAgreementDocument({ name }: { name: string }) {
  const signed = useSignedAgreement(name);
  return signed.isPending ? (
    <Spinner />
  ) : signed.isError ? (
    <Alert type="error" showIcon title={errorMessage(signed.error)} />
  ) : (
    <article aria-label="Signed agreement">
      <pre className="el-agreement">{signed.data.text}</pre>
      <h2>Signatures</h2>
      <p>
        Buyer:{' '}
        {signed.data.signatures.buyer
          ? `${signed.data.signatures.buyer.signed_name}, ${new Date(signed.data.signatures.buyer.at).toLocaleString()}`
          : 'not signed yet'}
      </p>
      <p>
        Seller:{' '}
        {signed.data.signatures.seller
          ? `${signed.data.signatures.seller.signed_name}, ${new Date(signed.data.signatures.seller.at).toLocaleString()}`
          : 'not signed yet'}
      </p>
      <p className="el-muted" style={{ overflowWrap: 'anywhere' }}>
        Document {signed.data.contract_name} · SHA-256 {signed.data.agreement_hash}
      </p>
      <Button onClick={() => window.print()}>Print</Button>
    </article>
  );
}
