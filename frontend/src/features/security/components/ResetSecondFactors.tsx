import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';

import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useResetSecondFactors } from '../api/admin';

const resetDone = (name: string) => `${name}'s second factors are removed and they were mailed about it.`;

/** An owner's reset of another user's second factors (issue 25: step-up, recorded, the user is mailed). */
export function ResetSecondFactors({ userId, name }: { userId: number; name: string }) {
  const reset = useResetSecondFactors();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" danger onClick={() => setOpen(true)} loading={reset.isPending}>
        Reset second factors
        <span className="el-visually-hidden"> of {name}</span>
      </Button>
      {reset.isSuccess && <Alert type="success" showIcon title={resetDone(name)} style={{ marginTop: space.xs }} />}
      {reset.isError && <Alert type="error" showIcon title={errorMessage(reset.error)} style={{ marginTop: space.xs }} />}
      <Modal
        open={open}
        title={`Reset the second factors of ${name}?`}
        okText="Reset second factors"
        okButtonProps={{ danger: true }}
        onOk={() => {
          setOpen(false);
          reset.mutate(userId);
        }}
        onCancel={() => setOpen(false)}
      >
        <p>
          Their authenticator app, passkeys and recovery codes stop working, and {name} is mailed that an administrator reset them. Do this only after
          confirming who they are (for example by phone at the number on file). The reset is recorded in the security log under your name.
        </p>
      </Modal>
    </>
  );
}
