import { useParams } from 'react-router-dom';

import { ThemeProvider } from '../components/ThemeProvider';
import { EmailLinkOutcome } from '../features/security/components/EmailLinkOutcome';
import { FactorAlertOutcome } from '../features/security/components/FactorAlertOutcome';

/** /verify-email/:code: the link sent to a new account's address (issue 25). */
export function VerifyEmailPage() {
  const code = useParams().code ?? '';
  return (
    <ThemeProvider>
      <div className="el-page el-container" style={{ maxWidth: 760 }}>
        <h1>Verify your email</h1>
        <EmailLinkOutcome kind="verify" code={code} />
      </div>
    </ThemeProvider>
  );
}

/** /confirm-email/:code: the link sent to the new address after an email change (issue 25). */
export function ConfirmEmailPage() {
  const code = useParams().code ?? '';
  return (
    <ThemeProvider>
      <div className="el-page el-container" style={{ maxWidth: 760 }}>
        <h1>Confirm your new email</h1>
        <EmailLinkOutcome kind="confirm" code={code} />
      </div>
    </ThemeProvider>
  );
}

/** /not-me/:code: the "this wasn't me" link of the mail about an added second factor (issue 35). */
export function NotMePage() {
  const code = useParams().code ?? '';
  return (
    <ThemeProvider>
      <div className="el-page el-container" style={{ maxWidth: 760 }}>
        <h1>Was this you?</h1>
        <FactorAlertOutcome code={code} />
      </div>
    </ThemeProvider>
  );
}
