import { App, Modal } from 'antd';
import { useEffect } from 'react';

import type { ProjectSummary } from '../../api/projects';
import { ThemeProvider } from '../../components/ThemeProvider';
import { useDiscardDraft } from '../../features/projects/api/new-project';
import { errorMessage } from '../../lib/api-client';
import { TOAST_PROJECT_CREATED_MS } from '../../lib/timers';

interface Props {
  /** A toast to show (the project just created), given back through `onToastShown` once shown. */
  toast: string | null;
  onToastShown: () => void;
  /** The draft whose discarding waits for a confirmation, if any. */
  discarding: ProjectSummary | null;
  onDone: () => void;
}

function Overlays({ toast, onToastShown, discarding, onDone }: Props) {
  const { message } = App.useApp();
  const discard = useDiscardDraft();
  useEffect(() => {
    if (!toast) return;
    void message.success({ content: toast, duration: TOAST_PROJECT_CREATED_MS / 1000 });
    onToastShown();
  }, [toast, message, onToastShown]);
  return (
    <Modal
      open={discarding !== null}
      title={discarding ? `Discard draft #${discarding.job_id}?` : ''}
      okText="Discard draft"
      okButtonProps={{ danger: true }}
      confirmLoading={discard.isPending}
      onCancel={onDone}
      onOk={() =>
        discard.mutate(discarding!.job_id, {
          onSuccess: () => {
            void message.success(`Draft #${discarding!.job_id} discarded`);
            onDone();
          },
          onError: (e) => void message.error(errorMessage(e)),
        })
      }
    >
      {discarding && (
        <p>
          The draft {discarding.service} project
          {discarding.customer_name
            ? ` with ${discarding.your_role === 'buyer' ? (discarding.primary_company_name ?? 'no seller yet') : discarding.customer_name}`
            : ''}{' '}
          and its {discarding.milestone_count} milestone
          {discarding.milestone_count === 1 ? '' : 's'} will be gone. Nobody else has seen it.
        </p>
      )}
    </Modal>
  );
}

/**
 * The project list's toasts and its discard confirmation: the only parts of that page that need
 * Ant Design, loaded when the first of them is needed (the list itself is plain HTML), then kept
 * mounted so the dialog can give the focus back to the button that opened it.
 */
export default function ProjectListOverlays(props: Props) {
  return (
    <ThemeProvider>
      <Overlays {...props} />
    </ThemeProvider>
  );
}
