import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { currentUserKey } from '../../../api/current-user';
import { LightButton } from '../../../components/LightButton';
import { Notice } from '../../../components/Notice';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { lazyComponent } from '../../../lib/lazy-route';
import { type AccountRefusal, onAccountRefusal, setStepUpHandler, type StepUpChallenge } from '../../../lib/step-up';
import { resendVerification } from '../api/email-password';

// The dialog (and Ant Design) loads only when a step-up is first asked for.
const StepUpDialog = lazyComponent(() => import('./StepUpDialog'));

const SECURITY_PAGE = '/portal/account/security';
export const LINK_SENT_AGAIN = 'We sent the link again. Open it from your inbox, then try again.';

interface Asking {
  challenge: StepUpChallenge;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Mounted once by the page frame: opens "Confirm it's you" when the HTTP client asks for a step-up
 * (one dialog for any number of refused requests), and says what to do when the API refuses for
 * want of a second factor or a verified email (with a link to the security page, or the link again).
 */
export function SecurityPromptHost() {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [refusal, setRefusal] = useState<AccountRefusal | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const current = useRef<Asking | null>(null);

  useEffect(() => {
    const remove = setStepUpHandler(
      (challenge) =>
        new Promise<void>((resolve, reject) => {
          const next = { challenge, resolve, reject };
          current.current = next;
          setLoaded(true);
          setAsking(next);
        }),
    );
    return () => {
      remove();
      // Unmounted while asking: the waiting requests get their original errors.
      current.current?.reject(new Error('step-up dialog closed'));
      current.current = null;
    };
  }, []);

  useEffect(
    () =>
      onAccountRefusal((next) => {
        // The console shows its own closed page for an administrator without a second factor.
        if (next.code === 'second_factor_required' && next.url.startsWith('/admin')) return;
        setResent(null);
        setRefusal(next);
      }),
    [],
  );

  const finish = (outcome: 'confirmed' | 'cancelled') => {
    const was = current.current;
    current.current = null;
    setAsking(null);
    if (!was) return;
    if (outcome === 'confirmed') {
      void queryClient.invalidateQueries({ queryKey: currentUserKey() });
      was.resolve();
    } else was.reject(new Error('step-up cancelled'));
  };

  const sendAgain = () => {
    resendVerification().then(
      () => setResent(LINK_SENT_AGAIN),
      (error: unknown) => setResent(errorMessage(error)),
    );
  };

  return (
    <>
      {loaded && (
        <Suspense fallback={null}>
          <StepUpDialog
            challenge={asking?.challenge ?? null}
            open={asking !== null}
            onConfirmed={() => finish('confirmed')}
            onCancel={() => finish('cancelled')}
          />
        </Suspense>
      )}
      {refusal && (
        <div
          className="el-security-prompt"
          style={{ position: 'fixed', insetInline: space.base, bottom: space.base, zIndex: 1100, maxWidth: 520, marginInline: 'auto' }}
        >
          <Notice tone="warning" onClose={() => setRefusal(null)} testId="security-refusal">
            <p style={{ margin: 0 }}>{refusal.message}</p>
            {refusal.code === 'second_factor_required' ? (
              <p style={{ margin: `${space.xs}px 0 0` }}>
                <Link to={SECURITY_PAGE} onClick={() => setRefusal(null)}>
                  Set up a second factor on your security page
                </Link>
              </p>
            ) : (
              <p style={{ margin: `${space.xs}px 0 0` }}>
                <LightButton onClick={sendAgain}>Send the link again</LightButton>
                {resent && (
                  <span role="status" style={{ marginInlineStart: space.xs }}>
                    {resent}
                  </span>
                )}
              </p>
            )}
          </Notice>
        </div>
      )}
    </>
  );
}
