import type { SigningPolicy } from '@escrow/domain';
import { Alert, App, Button, Radio } from 'antd';
import { useState } from 'react';

import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useSetSigningPolicy } from '../api/set-signing-policy';
import { SIGNING_POLICY_LABELS } from './texts';

const POLICIES = Object.keys(SIGNING_POLICY_LABELS) as SigningPolicy[];

/** Who signs escrow agreements for the company: owners choose (with a fresh second factor), everyone else reads it. */
export function SigningPolicySection({ policy, manage, reason }: { policy: SigningPolicy; manage: boolean; reason: string | null }) {
  const { message } = App.useApp();
  const save = useSetSigningPolicy();
  const [chosen, setChosen] = useState<SigningPolicy>(policy);
  return (
    <section aria-labelledby="signing-policy-title" style={{ marginTop: space.xl }}>
      <h2 id="signing-policy-title">Signing escrow agreements</h2>
      {manage ? (
        <>
          <Radio.Group
            aria-label="Who signs escrow agreements"
            value={chosen}
            onChange={(e) => setChosen(e.target.value as SigningPolicy)}
            style={{ display: 'grid', gap: space.xs }}
          >
            {POLICIES.map((p) => (
              <Radio key={p} value={p}>
                {SIGNING_POLICY_LABELS[p]}
              </Radio>
            ))}
          </Radio.Group>
          <Button
            style={{ marginTop: space.sm }}
            disabled={chosen === policy}
            loading={save.isPending}
            onClick={() => save.mutate(chosen, { onSuccess: () => void message.success('Signing policy saved.') })}
          >
            Save signing policy
          </Button>
          {save.isError && <Alert type="error" showIcon title={errorMessage(save.error)} style={{ marginTop: space.sm }} />}
        </>
      ) : (
        <>
          <p>{SIGNING_POLICY_LABELS[policy]}.</p>
          {reason && <p className="el-muted">{reason}</p>}
        </>
      )}
    </section>
  );
}
