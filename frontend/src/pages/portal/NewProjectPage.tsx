import { type ReactNode, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { useCompanyPermission } from '../../api/company-role';
import type { ProjectSummary } from '../../api/projects';
import { CloseCircleFilledIcon, InfoCircleFilledIcon } from '../../components/alert-icons';
import { lazyThemed } from '../../components/lazy-antd';
import { Notice } from '../../components/Notice';
import { Spinner } from '../../components/Spinner';
import { space } from '../../design/tokens';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { type CurrentUser, isLoggedIn } from '../../features/auth/api/types';
import { RequireAccess } from '../../features/auth/components/RequireAccess';
import { useMilestones } from '../../features/milestones/api/milestones';
import { useNewProjectForm } from '../../features/projects/api/new-project';
import { useProject } from '../../features/projects/api/projects';
import { BuyerStep } from '../../features/projects/components/BuyerStep';
import { NO_MILESTONE_YET } from '../../features/projects/components/new-project.rules';
import { SellerStep } from '../../features/projects/components/SellerStep';
import { ServiceStep } from '../../features/projects/components/ServiceStep';
import { SubmitProject } from '../../features/projects/components/SubmitProject';
import { useProjectDraft } from '../../features/projects/hooks/use-project-draft';
import { errorMessage } from '../../lib/api-client';

// The milestone form (antd's form, select and date picker) loads once the service and the parties
// are set: before that the screen's first paint, drawn with the light controls, holds no antd.
const MilestonesStep = lazyThemed(() => import('./MilestonesStep'), 'MilestonesStep', { bare: true });

/**
 * A step of the screen: a box with a title, antd's Card as `.el-card` draws it. Not a named region:
 * the title repeats the label of the step's field.
 */
function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="el-card" style={{ marginBottom: space.base }}>
      <div className="el-card__head">
        <h2 className="el-card__title">{title}</h2>
      </div>
      <div className="el-card__body">{children}</div>
    </section>
  );
}

const failed = (error: unknown) => (
  <Notice tone="danger" icon={<CloseCircleFilledIcon />}>
    {errorMessage(error)}
  </Notice>
);

function NewProjectScreen({ user, customerInitiated, draft }: { user: CurrentUser; customerInitiated: boolean; draft?: ProjectSummary }) {
  const form = useNewProjectForm(customerInitiated, true);
  const { projectId, service, buyer, seller, changeService, chooseBuyer, chooseSeller, savingSeller } = useProjectDraft({
    user,
    customerInitiated,
    draft,
    formData: form.data?.formData,
  });
  // The API refuses a project without milestones: the button says so before anyone presses it.
  const milestones = useMilestones(projectId ?? 0, projectId !== null);

  if (form.isPending) return <Spinner />;
  if (form.isError) return failed(form.error);
  const afterService = !service || !buyer;
  const heading = customerInitiated ? 'New Project' : `New Project — ${form.data.formData.primary_company_name ?? ''}`;
  const choose = customerInitiated ? 'Choose the service, the buyer and the seller first.' : 'Choose the service and the buyer first.';
  const submitBlocked =
    !projectId || !seller
      ? choose
      : milestones.isPending
        ? 'Checking the milestones…'
        : (milestones.data?.length ?? 0) === 0 && !milestones.isError
          ? NO_MILESTONE_YET
          : null;

  return (
    <>
      <h1>{heading}</h1>
      <Step title="Main Service Provided">
        <ServiceStep services={form.data.services} value={service} onChange={changeService} />
      </Step>
      <Step title="Buyer">
        {customerInitiated ? (
          <p>
            Buyer: <strong>{buyer?.name ?? user.display_name}</strong> (you)
          </p>
        ) : (
          <>
            {!service && <p className="el-muted">Choose the main service first.</p>}
            <BuyerStep buyer={buyer} disabled={!service} onBuyer={chooseBuyer} />
          </>
        )}
      </Step>
      {customerInitiated && (
        <Step title="Seller">
          <SellerStep seller={seller} disabled={afterService || !projectId} onNext={chooseSeller} saving={savingSeller} />
        </Step>
      )}
      <Step title="Project Milestones">
        {projectId && seller ? (
          <Suspense fallback={<Spinner />}>
            <MilestonesStep projectId={projectId} />
          </Suspense>
        ) : (
          <p className="el-muted">{choose}</p>
        )}
      </Step>
      <SubmitProject projectId={projectId} blocked={submitBlocked} />
    </>
  );
}

/**
 * /portal/new-project/{type} (docs/product.md#new-project-screen): renders only with permissions.user (a spinner
 * otherwise); type "customer" means the buyer started it. A visitor without a session is sent to
 * the login, which brings them back here (a draft's ?job= included).
 */
export function NewProjectPage() {
  const { type } = useParams();
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const ready = isLoggedIn(user) && user.permissions?.user;
  // Starting and editing projects is for owners and project managers (issue 37): the others read why.
  const edits = useCompanyPermission('projects.edit');
  const resumeId = Number(params.get('job')) || null;
  return (
    // antd's App text without antd, as the themed portal screens have it.
    <div className="el-app-text">
      {/* Without a session, the login and back here (docs/product.md#access-checks), like every portal screen. */}
      <RequireAccess checks={['user']}>
        <div className="el-page el-container" style={{ maxWidth: 980 }}>
          {!ready ? (
            <Spinner label="Loading…" />
          ) : edits.reason ? (
            <Notice tone="info" icon={<InfoCircleFilledIcon />} action={<Link to="/portal">Your projects</Link>}>
              {edits.reason}
            </Notice>
          ) : resumeId ? (
            <ResumeDraft key={`${type}-${resumeId}`} user={user} projectId={resumeId} customerInitiated={type === 'customer'} />
          ) : (
            <NewProjectScreen key={type} user={user} customerInitiated={type === 'customer'} />
          )}
        </div>
      </RequireAccess>
    </div>
  );
}

/** /portal/new-project/{type}?job={id}: a draft taken up where its creator left it. */
function ResumeDraft({ user, projectId, customerInitiated }: { user: CurrentUser; projectId: number; customerInitiated: boolean }) {
  const project = useProject(projectId);
  if (project.isPending) return <Spinner label="Loading the draft…" />;
  if (project.isError) return failed(project.error);
  if (!project.data.is_draft) {
    return (
      <Notice tone="info" icon={<InfoCircleFilledIcon />} action={<Link to={`/portal/job/${projectId}`}>Open the project</Link>}>
        {`Project #${projectId} has been submitted.`}
      </Notice>
    );
  }
  return <NewProjectScreen user={user} customerInitiated={customerInitiated} draft={project.data} />;
}
