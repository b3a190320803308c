import { useParams } from 'react-router-dom';

import { ThemeProvider } from '../components/ThemeProvider';
import { CertifierInvitationLanding } from '../features/certifier-invitations';

/** /certify/join/:code: the page a certifier invitation opens (issue 38). Public: the link is the key. */
export function CertifierJoinPage() {
  const code = useParams().code ?? '';
  return (
    <ThemeProvider>
      <div className="el-page el-container" style={{ maxWidth: 640 }}>
        <h1>Certify pay applications on Escrow Ledger</h1>
        <CertifierInvitationLanding code={code} />
      </div>
    </ThemeProvider>
  );
}
