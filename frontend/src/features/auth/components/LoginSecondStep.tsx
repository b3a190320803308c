import { Button } from 'antd';

import type { SecondFactorMethod } from '../../../components/second-factor';
import { SecondFactorForm } from '../../../components/SecondFactorForm';
import { space } from '../../../design/tokens';

/**
 * The login's second step (issue 25): the password was right, now the second factor. antd's form,
 * loaded (with the theme, see LoginForm) only when an account has a second factor.
 */
export function LoginSecondStep({
  idPrefix,
  methods,
  onCode,
  onPasskey,
  onStartAgain,
}: {
  idPrefix: string;
  methods: SecondFactorMethod[];
  onCode: (code: string) => Promise<unknown>;
  onPasskey: () => Promise<unknown>;
  onStartAgain: () => void;
}) {
  return (
    <div data-testid={`${idPrefix}-second-factor`}>
      <p style={{ marginTop: 0 }}>
        <strong>Your password is correct.</strong> Confirm it's you with your second factor.
      </p>
      <SecondFactorForm idPrefix={`${idPrefix}-code`} methods={methods} onCode={onCode} onPasskey={onPasskey} />
      <p style={{ marginTop: space.sm, marginBottom: 0 }}>
        <Button type="link" style={{ paddingInline: 0 }} onClick={onStartAgain}>
          Start again with another account
        </Button>
      </p>
    </div>
  );
}
