import { Alert, Button } from 'antd';

import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useWaiverDocument } from '../api/get-waiver-document';

/** A lien waiver as it was signed or issued, to print. */
export function WaiverDocument({ name }: { name: string }) {
  const document = useWaiverDocument(name);
  return document.isPending ? (
    <Spinner />
  ) : document.isError ? (
    <Alert type="error" showIcon title={errorMessage(document.error)} />
  ) : (
    <article aria-label="Lien waiver">
      <pre className="el-agreement">{document.data.text}</pre>
      <h2>Signature</h2>
      <p>
        {document.data.status === 'signed'
          ? `Signed for ${document.data.company_name ?? 'the claimant'} by ${document.data.signed_name ?? 'a user of the claimant'}, ${new Date(document.data.signed_at!).toLocaleString()}.`
          : document.data.status === 'issued'
            ? `Issued when the payment reached ${document.data.company_name ?? 'the claimant'}, ${new Date(document.data.issued_at!).toLocaleString()}; not signed by the claimant.`
            : 'Not recorded.'}
      </p>
      <p className="el-muted" style={{ overflowWrap: 'anywhere' }}>
        Document {document.data.waiver_name} · SHA-256 {document.data.waiver_hash}
      </p>
      <Button onClick={() => window.print()}>Print</Button>
    </article>
  );
}
