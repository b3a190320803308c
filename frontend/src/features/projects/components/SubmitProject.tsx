import { useNavigate } from 'react-router-dom';

import { CloseCircleFilledIcon } from '../../../components/alert-icons';
import { LightButton } from '../../../components/LightButton';
import { Notice } from '../../../components/Notice';
import { useToasts } from '../../../components/toasts/toasts';
import { errorMessage, errorStatus } from '../../../lib/api-client';
import { useSubmitProject } from '../api/new-project';

/**
 * Submit Project (docs/product.md#project-draft-and-submit): disabled, with the reason beside it, while the API would refuse it;
 * a refusal it explains (a milestone, the seller, …) stays above the button.
 */
export function SubmitProject({ projectId, blocked }: { projectId: number | null; blocked: string | null }) {
  const { notification } = useToasts();
  const navigate = useNavigate();
  const submit = useSubmitProject();
  const status = errorStatus(submit.error);
  const refusal = submit.error && status !== null && status < 500 ? errorMessage(submit.error) : null;
  const send = () => {
    if (!projectId || submit.isPending) return;
    submit.mutate(projectId, {
      onSuccess: () => navigate('/portal', { state: { toast: 'Project Created Successfully' } }),
      onError: () => notification.error({ title: 'Error Submitting Project', description: 'Please try again.', duration: 10 }),
    });
  };
  return (
    <>
      {refusal && (
        <Notice tone="danger" icon={<CloseCircleFilledIcon />}>
          {refusal}
        </Notice>
      )}
      <div className="el-actions">
        <LightButton
          variant="primary"
          size="large"
          disabled={blocked !== null}
          loading={submit.isPending}
          onClick={send}
          aria-describedby={blocked ? 'submit-blocked' : undefined}
        >
          Submit Project
        </LightButton>
        {blocked && (
          <p id="submit-blocked" className="el-muted">
            {blocked}
          </p>
        )}
      </div>
    </>
  );
}
