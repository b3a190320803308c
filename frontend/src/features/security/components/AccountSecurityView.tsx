import { Alert } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { REVIEW_RECENT_FACTORS } from '../../../components/second-factor';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useAccountSecurity } from '../api/account-security';
import { useSecurityLog } from '../api/security-log';
import { EmailSection, PasswordSection } from './EmailPasswordSection';
import { NO_FACTOR_YET, PasskeysSection, RecoveryCodesSection, TotpSection } from './FactorsSection';
import { RecentFactorsReview } from './RecentFactorsReview';
import { SecurityLogTable } from './SecurityLogTable';
import { SessionsSection } from './SessionsSection';

/**
 * The account security page's content (issue 25): factors, recovery codes, email, password, sessions
 * and the log; first, after a password reset (`?review=recent-factors`), the factors added lately.
 */
export function AccountSecurityView() {
  const security = useAccountSecurity();
  const [page, setPage] = useState(1);
  const log = useSecurityLog(page);
  const [params] = useSearchParams();
  if (security.isPending) return <Spinner label="Loading your security settings…" />;
  if (security.isError) return <Alert type="error" showIcon title={errorMessage(security.error)} />;
  const s = security.data;
  const hasFactor = s.totp.enrolled || s.passkeys.length > 0;
  return (
    <div className="el-security">
      {params.get('review') === REVIEW_RECENT_FACTORS && <RecentFactorsReview />}
      {!hasFactor && <Alert type="warning" showIcon title={NO_FACTOR_YET} style={{ marginBottom: space.base }} />}
      <TotpSection security={s} />
      <PasskeysSection passkeys={s.passkeys} />
      <RecoveryCodesSection left={s.recovery_codes_left} hasFactor={hasFactor} />
      <EmailSection email={s.email} verified={s.email_verified} />
      <PasswordSection />
      <SessionsSection />
      <section aria-labelledby="log-title" className="el-security__section">
        <h2 id="log-title">Security log</h2>
        <p>Sign-ins, second-factor checks and changes to your account, newest first.</p>
        <SecurityLogTable log={log} page={page} onPage={setPage} />
      </section>
    </div>
  );
}
