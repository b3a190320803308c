import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useLeaveCompany } from '../api/leave-company';
import { ONLY_OWNER_LEAVES } from './texts';

/** Leave the company (any member, with a fresh second factor); the only owner is told why not instead of the button. */
export function LeaveCompanySection({ companyName, onlyOwner }: { companyName: string; onlyOwner: boolean }) {
  const leave = useLeaveCompany();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  return (
    <section aria-labelledby="leave-title" style={{ marginTop: space.xl }}>
      <h2 id="leave-title">Leave the company</h2>
      {onlyOwner ? (
        <p className="el-muted">{ONLY_OWNER_LEAVES}</p>
      ) : (
        <>
          <p>Your account stays, without access to {companyName}’s projects and money.</p>
          <Button danger onClick={() => setAsking(true)}>
            Leave {companyName}
          </Button>
        </>
      )}
      <Modal
        open={asking}
        title={`Leave ${companyName}?`}
        okText="Leave"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        confirmLoading={leave.isPending}
        onCancel={() => {
          setAsking(false);
          leave.reset();
        }}
        onOk={() => leave.mutate(undefined, { onSuccess: () => navigate('/portal', { replace: true, state: { notice: `You left ${companyName}.` } }) })}
      >
        <p>You lose access to {companyName}’s projects, payouts and members at once. Only an owner can invite you again.</p>
        {leave.isError && <Alert type="error" showIcon title={errorMessage(leave.error)} />}
      </Modal>
    </section>
  );
}
