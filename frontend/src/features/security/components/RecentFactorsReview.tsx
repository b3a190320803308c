import type { RecentFactor } from '@escrow/domain';
import { Alert, Button, Flex } from 'antd';

import { LightTable } from '../../../components/LightTable';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useRemovePasskey } from '../api/passkeys';
import { useRecentFactors, useRemoveRecoveryCodes } from '../api/recent-factors';
import { useRemoveTotp } from '../api/totp';
import { formatWhen } from './format';

export const RECENT_FACTORS_TITLE = 'Second factors added in the last 30 days';
const NONE_LATELY = 'None: no second factor was added to your account in the last 30 days.';

const nameOf = (f: RecentFactor): string => (f.kind === 'passkey' ? `Passkey "${f.name ?? ''}"` : f.kind === 'totp' ? 'Authenticator app' : 'Recovery codes');
/** Not "Remove authenticator app": the app's own section has that button (with its confirmation) on the same page. */
const removeLabelOf = (f: RecentFactor): string =>
  f.kind === 'passkey' ? `Remove passkey "${f.name ?? ''}"` : f.kind === 'totp' ? 'Remove the authenticator app' : 'Remove the recovery codes';
const keyOf = (f: RecentFactor): string => `${f.kind}-${f.passkey_id ?? ''}`;

/**
 * After a password change or reset (issue 35): the second factors added to the account in the
 * last 30 days, each with Remove. Whoever held a session may have added one, and a new password
 * does not shut out a factor; removing asks for a fresh second factor like any removal.
 */
export function RecentFactorsReview() {
  const recent = useRecentFactors();
  const removePasskey = useRemovePasskey();
  const removeTotp = useRemoveTotp();
  const removeCodes = useRemoveRecoveryCodes();
  const failed = removePasskey.error ?? removeTotp.error ?? removeCodes.error;
  const remove = (f: RecentFactor) => {
    if (f.kind === 'passkey' && f.passkey_id !== null) removePasskey.mutate(f.passkey_id);
    else if (f.kind === 'totp') removeTotp.mutate();
    else removeCodes.mutate();
  };
  return (
    <section aria-labelledby="recent-factors-title" className="el-security__section" data-testid="recent-factors">
      <h2 id="recent-factors-title">{RECENT_FACTORS_TITLE}</h2>
      {recent.isPending ? (
        <Spinner label="Looking for second factors added lately…" />
      ) : recent.isError ? (
        <Alert type="error" showIcon title={errorMessage(recent.error)} />
      ) : recent.data.factors.length === 0 ? (
        <p>{NONE_LATELY}</p>
      ) : (
        <Flex vertical gap="small">
          <p>If you did not add one of these yourself, remove it now: whoever added it could sign in with it, whatever your password.</p>
          <LightTable<RecentFactor & { key: string }>
            rowKey="key"
            label={RECENT_FACTORS_TITLE}
            rows={recent.data.factors.map((f) => ({ ...f, key: keyOf(f) }))}
            size="small"
            columns={[
              { title: 'Second factor', render: (_, f) => nameOf(f) },
              { title: 'Added', dataIndex: 'added_at', render: (v) => formatWhen(v as string) },
              {
                title: 'Actions',
                render: (_, f) => (
                  <Button size="small" danger onClick={() => remove(f)} loading={removePasskey.isPending || removeTotp.isPending || removeCodes.isPending}>
                    {removeLabelOf(f)}
                  </Button>
                ),
              },
            ]}
          />
          {failed && <Alert type="error" showIcon title={errorMessage(failed)} />}
        </Flex>
      )}
    </section>
  );
}
