import { useParams } from 'react-router-dom';

import { ThemeProvider } from '../components/ThemeProvider';
import { InvitationLanding } from '../features/teams';

/** /team/join/:code: the page an invitation to a company's team opens (issue 37). Public: the link is the key. */
export function TeamJoinPage() {
  const code = useParams().code ?? '';
  return (
    <ThemeProvider>
      <div className="el-page el-container" style={{ maxWidth: 640 }}>
        <h1>Join your company on Escrow Ledger</h1>
        <InvitationLanding code={code} />
      </div>
    </ThemeProvider>
  );
}
