import { Modal } from 'antd';
import { useState } from 'react';

import { SecondFactorForm } from '../../../components/SecondFactorForm';
import { ThemeProvider } from '../../../components/ThemeProvider';
import type { StepUpChallenge } from '../../../lib/step-up';
import { stepUpWithCode, stepUpWithPasskey } from '../api/step-up';
import { TotpEnrolment } from './TotpEnrolment';

const STEP_UP_TITLE = "Confirm it's you";
const SET_UP_TITLE = 'Set up a second factor';
const STEP_UP_WHY =
  'Moving money, signing for it, or changing who may act or where money goes needs a fresh second factor. What you typed is kept: it is sent once you confirm.';

/**
 * The step-up dialog the HTTP client opens when the API answers 401 `step_up_required` (issue 25):
 * a code, a passkey or a recovery code; or, for someone with no factor yet, the enrolment in place.
 * `onConfirmed` sends the refused request again; `onCancel` gives the caller its original error.
 */
export default function StepUpDialog({
  challenge,
  open,
  onConfirmed,
  onCancel,
}: {
  challenge: StepUpChallenge | null;
  open: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const [round, setRound] = useState(0);
  const enrolled = challenge?.enrolled !== false;
  return (
    <ThemeProvider>
      <Modal
        open={open}
        title={enrolled ? STEP_UP_TITLE : SET_UP_TITLE}
        footer={null}
        onCancel={onCancel}
        afterClose={() => setRound((r) => r + 1)}
        maskClosable={false}
        destroyOnHidden
      >
        <div key={round}>
          {challenge?.message && <p>{challenge.message}</p>}
          <p>{STEP_UP_WHY}</p>
          {enrolled ? (
            <SecondFactorForm
              idPrefix="step-up"
              submitLabel="Confirm"
              onCode={(code) => stepUpWithCode(code).then(onConfirmed)}
              onPasskey={() => stepUpWithPasskey().then(onConfirmed)}
            />
          ) : (
            <TotpEnrolment autoStart onDone={onConfirmed} />
          )}
        </div>
      </Modal>
    </ThemeProvider>
  );
}
