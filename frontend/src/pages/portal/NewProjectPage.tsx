import { formatDollars } from '@escrow/domain';
import { Alert, App, Button, Card } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';

import type { ProjectSummary } from '../../api/projects';
import { Spinner } from '../../components/Spinner';
import { ThemeProvider } from '../../components/ThemeProvider';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { type CurrentUser, isLoggedIn } from '../../features/auth/api/types';
import { RequireAccess } from '../../features/auth/components/RequireAccess';
import { useMilestoneForm, useMilestones, useProposeMilestone } from '../../features/milestones/api/milestones';
import { MilestoneForm } from '../../features/milestones/components/MilestoneForm';
import { createBuyer, createDraft, type NewProjectState, submitProject, updateDraft, useNewProjectForm } from '../../features/projects/api/new-project';
import { useProject } from '../../features/projects/api/projects';
import { BuyerStep } from '../../features/projects/components/BuyerStep';
import { NO_MILESTONE_YET, type Party } from '../../features/projects/components/new-project.rules';
import { SellerStep } from '../../features/projects/components/SellerStep';
import { useRetainage } from '../../features/retainage/api/retainage';
import { ProjectTerms } from '../../features/retainage/components/ProjectTerms';
import { errorMessage, errorStatus } from '../../lib/api-client';
import { TOAST_PARTY_ADDED_MS } from '../../lib/timers';

function NewProjectScreen({ user, customerInitiated, draft }: { user: CurrentUser; customerInitiated: boolean; draft?: ProjectSummary }) {
  const { message, notification } = App.useApp();
  const navigate = useNavigate();
  const form = useNewProjectForm(customerInitiated, true);
  // Nothing is preselected (spec §4): the user chooses the service; a resumed draft keeps its own.
  const [service, setService] = useState(draft?.service ?? '');
  const [buyer, setBuyer] = useState<Party | null>(draft ? { id: draft.customer_id, name: draft.customer_name ?? '' } : null);
  const [newCustomer, setNewCustomer] = useState(false);
  const [chosenSeller, setSeller] = useState<Party | null>(
    draft?.primary_company_id ? { id: draft.primary_company_id, name: draft.primary_company_name ?? '' } : null,
  );
  // A seller starting the project is its seller: their company comes with the form.
  const ownCompany = form.data?.formData.company_id;
  const seller = chosenSeller ?? (!customerInitiated && ownCompany ? { id: ownCompany, name: form.data?.formData.primary_company_name ?? '' } : null);
  const [projectId, setProjectId] = useState<number | null>(draft?.job_id ?? null);
  const creating = useRef(false);
  const [key] = useState(() => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // The API refuses a project without milestones: the button says so before anyone presses it.
  const milestones = useMilestones(projectId ?? 0, projectId !== null);

  useEffect(() => {
    if (customerInitiated && !buyer) {
      // The buyer started it: they are the buyer (spec §3: user_id when the buyer is the current user).
      void createBuyer({ first_name: user.first_name, last_name: user.last_name, phone: user.phone ?? '', email: user.email, user_id: user.user_id })
        .then((me) => setBuyer({ id: me.customer_id, name: me.customer_name }))
        .catch((e: unknown) => notification.error({ title: 'Error Creating Project', description: errorMessage(e), duration: 5 }));
    }
  }, [customerInitiated, buyer, user, notification]);

  const state = (): NewProjectState => ({
    job_id: projectId,
    customer_id: buyer!.id,
    customer_name: buyer!.name,
    service,
    primary_company_id: seller?.id ?? null,
    primary_company_name: seller?.name ?? null,
    customerInitiated,
    new_customer: newCustomer,
    alreadyExisted: !newCustomer,
  });

  // The draft is created once the buyer is set (spec §4); the call runs once and is skipped when a job id exists.
  useEffect(() => {
    if (projectId || creating.current || !buyer || !service) return;
    creating.current = true;
    createDraft(state(), key)
      .then(({ job_id }) => setProjectId(job_id))
      .catch(() => {
        creating.current = false;
        notification.error({ title: 'Error Creating Project', description: 'Please reload the page and try again.', duration: 5 });
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [buyer, service, projectId]);

  const changeService = (next: string) => {
    setService(next);
    if (projectId && buyer)
      void updateDraft({ ...state(), service: next }, { company_id: seller?.id ?? null }).catch((e: unknown) => void message.error(errorMessage(e)));
  };

  const chooseSeller = async (chosen: Party) => {
    try {
      await updateDraft(
        { ...state(), primary_company_id: chosen.id, primary_company_name: chosen.name },
        { company_id: chosen.id, primary_company_name: chosen.name },
      );
      setSeller(chosen);
      void message.success({ content: 'Seller added', duration: TOAST_PARTY_ADDED_MS / 1000 });
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  const submit = async () => {
    if (!projectId || submitting) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      await submitProject(projectId);
      navigate('/portal', { state: { toast: 'Project Created Successfully' } });
    } catch (e) {
      notification.error({ title: 'Error Submitting Project', description: 'Please try again.', duration: 10 });
      // The API says what is missing (a milestone, the seller, …): keep it beside the button.
      if (errorStatus(e) !== null && errorStatus(e)! < 500) setSubmitError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  if (form.isPending) return <Spinner />;
  if (form.isError) return <Alert type="error" showIcon title={errorMessage(form.error)} />;
  const services = [...form.data.services].sort((a, b) => a.service_name.localeCompare(b.service_name));
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
      <Card title="Main Service Provided" style={{ marginBottom: 16 }}>
        <label className="el-field" htmlFor="main-service">
          Main Service Provided
          <select id="main-service" value={service} onChange={(e) => changeService(e.target.value)} required>
            <option value="">Select a service</option>
            {services.map((s) => (
              <option key={s.service_name} value={s.service_name}>
                {s.service_name}
              </option>
            ))}
          </select>
        </label>
      </Card>
      <Card title="Buyer" style={{ marginBottom: 16 }}>
        {customerInitiated ? (
          <p>
            Buyer: <strong>{buyer?.name ?? user.display_name}</strong> (you)
          </p>
        ) : (
          <>
            {!service && <p className="el-muted">Choose the main service first.</p>}
            <BuyerStep
              buyer={buyer}
              disabled={!service}
              onBuyer={(b, isNew) => {
                setBuyer(b);
                setNewCustomer(isNew);
              }}
            />
          </>
        )}
      </Card>
      {customerInitiated && (
        <Card title="Seller" style={{ marginBottom: 16 }}>
          <SellerStep seller={seller} disabled={afterService || !projectId} onNext={chooseSeller} />
        </Card>
      )}
      <Card title="Project Milestones" style={{ marginBottom: 16 }}>
        {projectId && seller ? <MilestonesStep projectId={projectId} /> : <p className="el-muted">{choose}</p>}
      </Card>
      {submitError && <Alert type="error" showIcon title={submitError} style={{ marginBottom: 12 }} />}
      <div className="el-actions">
        <Button
          type="primary"
          size="large"
          disabled={submitBlocked !== null}
          loading={submitting}
          onClick={submit}
          aria-describedby={submitBlocked ? 'submit-blocked' : undefined}
        >
          Submit Project
        </Button>
        {submitBlocked && (
          <p id="submit-blocked" className="el-muted">
            {submitBlocked}
          </p>
        )}
      </div>
    </>
  );
}

function MilestonesStep({ projectId }: { projectId: number }) {
  const { notification, message } = App.useApp();
  const form = useMilestoneForm(projectId);
  const milestones = useMilestones(projectId);
  const propose = useProposeMilestone(projectId);
  const [formKey, setFormKey] = useState(0);
  const retainage = useRetainage(projectId);
  if (!form.data) return <Spinner />;
  return (
    <>
      {/* Terms first: each milestone freezes the project's retainage and job-site state when it is added. */}
      {retainage.data && <ProjectTerms retainage={retainage.data} projectId={projectId} isDraft />}
      {milestones.data && milestones.data.length > 0 && (
        <ul className="el-plain-list" style={{ marginBottom: 16 }} aria-label="Milestones added">
          {milestones.data.map((m) => (
            <li key={m.original_id}>
              <strong>{m.title || 'Whole Project Milestone'}</strong> — deposit {formatDollars(m.deposit_total)}
            </li>
          ))}
        </ul>
      )}
      <MilestoneForm
        key={formKey}
        projectId={projectId}
        formData={form.data}
        pending={propose.isPending}
        error={propose.error}
        onSubmit={(payload) =>
          propose.mutate(payload, {
            onSuccess: () => {
              void message.success('Milestone added');
              setFormKey((k) => k + 1);
            },
            onError: () => notification.error({ title: 'Error adding milestone.', description: 'Please try again.', duration: 6 }),
          })
        }
      />
    </>
  );
}

/**
 * /portal/new-project/{type} (spec §2, §4): renders only with permissions.user (a spinner
 * otherwise); type "customer" means the buyer started it. A visitor without a session is sent to
 * the login, which brings them back here (a draft's ?job= included).
 */
export function NewProjectPage() {
  const { type } = useParams();
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const ready = isLoggedIn(user) && user.permissions?.user;
  const resumeId = Number(params.get('job')) || null;
  return (
    <ThemeProvider>
      {/* Without a session, the login and back here (spec §6 checks), like every portal screen. */}
      <RequireAccess checks={['user']}>
        <div className="el-page el-container" style={{ maxWidth: 980 }}>
          {!ready ? (
            <Spinner label="Loading…" />
          ) : resumeId ? (
            <ResumeDraft key={`${type}-${resumeId}`} user={user} projectId={resumeId} customerInitiated={type === 'customer'} />
          ) : (
            <NewProjectScreen key={type} user={user} customerInitiated={type === 'customer'} />
          )}
        </div>
      </RequireAccess>
    </ThemeProvider>
  );
}

/** /portal/new-project/{type}?job={id}: a draft taken up where its creator left it. */
function ResumeDraft({ user, projectId, customerInitiated }: { user: CurrentUser; projectId: number; customerInitiated: boolean }) {
  const project = useProject(projectId);
  if (project.isPending) return <Spinner label="Loading the draft…" />;
  if (project.isError) return <Alert type="error" showIcon title={errorMessage(project.error)} />;
  if (!project.data.is_draft) {
    return (
      <Alert type="info" showIcon title={`Project #${projectId} has been submitted.`} action={<Link to={`/portal/job/${projectId}`}>Open the project</Link>} />
    );
  }
  return <NewProjectScreen user={user} customerInitiated={customerInitiated} draft={project.data} />;
}
