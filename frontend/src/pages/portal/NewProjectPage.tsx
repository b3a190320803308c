import { formatDollars } from '@escrow/domain';
import { Alert, App, Button, Card, Input, Radio } from 'antd';
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
import {
  type BuyerMatch,
  createBuyer,
  createDraft,
  type JobState,
  searchBuyersByPhone,
  searchSellers,
  submitProject,
  updateDraft,
  useNewJobForm,
} from '../../features/projects/api/new-project';
import { useProject } from '../../features/projects/api/projects';
import { useRetainage } from '../../features/retainage/api/retainage';
import { ProjectTerms } from '../../features/retainage/components/ProjectTerms';
import { errorMessage, errorStatus } from '../../lib/api-client';
import { formatPhoneDisplay, formatPhoneInput, phoneDigits } from '../../lib/format';
import { TOAST_PARTY_ADDED_MS } from '../../lib/timers';

export const NO_BUYERS_FOUND = 'No users found with that search. If they are not a user yet, please click Create New Buyer';
export const NO_COMPANIES_FOUND = 'No companies found.';
/** The API's own words for the same refusal. */
export const NO_MILESTONE_YET = 'Add at least one milestone before submitting the project.';

interface Party {
  id: number;
  name: string;
}

/** Spec §5: the new-buyer form is valid when first, last and email are filled and the formatted phone is longer than 13 characters. */
export function newBuyerValid(b: { first_name: string; last_name: string; email: string; phone: string }): boolean {
  return Boolean(b.first_name.trim() && b.last_name.trim() && b.email.trim()) && formatPhoneInput(b.phone).length > 13;
}

function BuyerSection({ onBuyer, buyer, disabled }: { onBuyer: (buyer: Party, newCustomer: boolean) => void; buyer: Party | null; disabled: boolean }) {
  const { message } = App.useApp();
  const [phone, setPhone] = useState('');
  const [matches, setMatches] = useState<BuyerMatch[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [noMatchOpen, setNoMatchOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState({ first_name: '', last_name: '', phone: '', email: '' });
  const [createError, setCreateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    setSearchError(null);
    try {
      const found = await searchBuyersByPhone(phone);
      setMatches(found);
      setNoMatchOpen(found.length === 0);
    } catch (e) {
      setSearchError(errorMessage(e));
    }
  };
  const choose = (party: Party, newCustomer: boolean) => {
    onBuyer(party, newCustomer);
    void message.success({ content: 'Buyer added', duration: TOAST_PARTY_ADDED_MS / 1000 });
  };
  const addNew = async () => {
    setBusy(true);
    setCreateError(null);
    try {
      const created = await createBuyer({ ...form, phone: phoneDigits(form.phone) });
      choose({ id: created.customer_id, name: created.customer_name }, true);
    } catch (e) {
      setCreateError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (buyer)
    return (
      <p>
        Buyer: <strong>{buyer.name}</strong>
      </p>
    );
  return (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
      <label className="el-field" htmlFor="buyer-phone">
        Find the buyer by phone
        <Input id="buyer-phone" value={phone} inputMode="tel" placeholder="(555) 555-5555" onChange={(e) => setPhone(formatPhoneInput(e.target.value))} />
      </label>
      <div className="el-actions" style={{ marginTop: 8 }}>
        <Button onClick={search} disabled={phoneDigits(phone).length !== 10}>
          Search
        </Button>
        <Button onClick={() => setCreating((c) => !c)}>Create New Buyer</Button>
      </div>
      {searchError && <Alert type="error" showIcon title={searchError} style={{ marginTop: 12 }} />}
      {noMatchOpen && <Alert type="error" showIcon closable onClose={() => setNoMatchOpen(false)} title={NO_BUYERS_FOUND} style={{ marginTop: 12 }} />}
      {matches && matches.length > 0 && (
        <ul className="el-plain-list" style={{ marginTop: 12 }}>
          {matches.map((m) => (
            <li key={m.user_id}>
              {m.first_name} {m.last_name}, {formatPhoneDisplay(m.phone)}{' '}
              <Button size="small" type="primary" onClick={() => choose({ id: m.user_id, name: `${m.first_name} ${m.last_name}` }, false)}>
                Add to Project
              </Button>
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <Card size="small" title="New buyer" style={{ marginTop: 12 }}>
          <div className="el-grid el-grid--2" style={{ gap: 12 }}>
            <label className="el-field" htmlFor="nb-first">
              First name
              <Input id="nb-first" value={form.first_name} onChange={(e) => setForm({ ...form, first_name: e.target.value })} />
            </label>
            <label className="el-field" htmlFor="nb-last">
              Last name
              <Input id="nb-last" value={form.last_name} onChange={(e) => setForm({ ...form, last_name: e.target.value })} />
            </label>
            <label className="el-field" htmlFor="nb-phone">
              Phone
              <Input
                id="nb-phone"
                inputMode="tel"
                placeholder="(555) 555-5555"
                value={form.phone}
                onChange={(e) => setForm({ ...form, phone: formatPhoneInput(e.target.value) })}
              />
            </label>
            <label className="el-field" htmlFor="nb-email">
              Email
              <Input id="nb-email" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
            </label>
          </div>
          {createError && <Alert type="error" showIcon title={createError} style={{ marginTop: 12 }} />}
          <Button type="primary" style={{ marginTop: 12 }} disabled={!newBuyerValid(form)} loading={busy} onClick={addNew}>
            Add-to-Project
          </Button>
        </Card>
      )}
    </fieldset>
  );
}

function SellerSection({ onNext, seller, disabled }: { onNext: (seller: Party) => Promise<void>; seller: Party | null; disabled: boolean }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Party[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (seller)
    return (
      <p>
        Seller: <strong>{seller.name}</strong>
      </p>
    );
  const search = async () => {
    setError(null);
    setChosen(null);
    try {
      setFound((await searchSellers(text)).map((c) => ({ id: c.company_id, name: c.name })));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <label className="el-field" htmlFor="seller-search">
          Find the seller
          <Input id="seller-search" required value={text} onChange={(e) => setText(e.target.value)} placeholder="Company name" />
        </label>
        <Button htmlType="submit" style={{ marginTop: 8 }} disabled={!text.trim()}>
          Search
        </Button>
      </form>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
      {found && found.length === 0 && <Alert type="warning" showIcon title={NO_COMPANIES_FOUND} style={{ marginTop: 12 }} />}
      {found && found.length > 0 && (
        <Radio.Group style={{ display: 'grid', gap: 6, marginTop: 12 }} value={chosen} onChange={(e) => setChosen(e.target.value as number)}>
          {found.map((c) => (
            <Radio key={c.id} value={c.id}>
              {c.name}
            </Radio>
          ))}
        </Radio.Group>
      )}
      <Button
        type="primary"
        style={{ marginTop: 12 }}
        disabled={chosen === null}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onNext(found!.find((c) => c.id === chosen)!);
          } finally {
            setBusy(false);
          }
        }}
      >
        Next
      </Button>
    </fieldset>
  );
}

function NewProjectScreen({ user, customerInitiated, draft }: { user: CurrentUser; customerInitiated: boolean; draft?: ProjectSummary }) {
  const { message, notification } = App.useApp();
  const navigate = useNavigate();
  const form = useNewJobForm(customerInitiated, true);
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
  const [jobId, setJobId] = useState<number | null>(draft?.job_id ?? null);
  const creating = useRef(false);
  const [key] = useState(() => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // The API refuses a project without milestones: the button says so before anyone presses it.
  const milestones = useMilestones(jobId ?? 0, jobId !== null);

  useEffect(() => {
    if (customerInitiated && !buyer) {
      // The buyer started it: they are the buyer (spec §3: user_id when the buyer is the current user).
      void createBuyer({ first_name: user.first_name, last_name: user.last_name, phone: user.phone ?? '', email: user.email, user_id: user.user_id })
        .then((me) => setBuyer({ id: me.customer_id, name: me.customer_name }))
        .catch((e: unknown) => notification.error({ title: 'Error Creating Project', description: errorMessage(e), duration: 5 }));
    }
  }, [customerInitiated, buyer, user, notification]);

  const state = (): JobState => ({
    job_id: jobId,
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
    if (jobId || creating.current || !buyer || !service) return;
    creating.current = true;
    createDraft(state(), key)
      .then(({ job_id }) => setJobId(job_id))
      .catch(() => {
        creating.current = false;
        notification.error({ title: 'Error Creating Project', description: 'Please reload the page and try again.', duration: 5 });
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [buyer, service, jobId]);

  const changeService = (next: string) => {
    setService(next);
    if (jobId && buyer)
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
    if (!jobId || submitting) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      await submitProject(jobId);
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
    !jobId || !seller
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
            <BuyerSection
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
          <SellerSection seller={seller} disabled={afterService || !jobId} onNext={chooseSeller} />
        </Card>
      )}
      <Card title="Project Milestones" style={{ marginBottom: 16 }}>
        {jobId && seller ? <MilestonesStep jobId={jobId} /> : <p className="el-muted">{choose}</p>}
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

function MilestonesStep({ jobId }: { jobId: number }) {
  const { notification, message } = App.useApp();
  const form = useMilestoneForm(jobId);
  const milestones = useMilestones(jobId);
  const propose = useProposeMilestone(jobId);
  const [formKey, setFormKey] = useState(0);
  const retainage = useRetainage(jobId);
  if (!form.data) return <Spinner />;
  return (
    <>
      {/* Terms first: each milestone freezes the project's retainage and job-site state when it is added. */}
      {retainage.data && <ProjectTerms retainage={retainage.data} jobId={jobId} isDraft />}
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
        jobId={jobId}
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
            <ResumeDraft key={`${type}-${resumeId}`} user={user} jobId={resumeId} customerInitiated={type === 'customer'} />
          ) : (
            <NewProjectScreen key={type} user={user} customerInitiated={type === 'customer'} />
          )}
        </div>
      </RequireAccess>
    </ThemeProvider>
  );
}

/** /portal/new-project/{type}?job={id}: a draft taken up where its creator left it. */
function ResumeDraft({ user, jobId, customerInitiated }: { user: CurrentUser; jobId: number; customerInitiated: boolean }) {
  const project = useProject(jobId);
  if (project.isPending) return <Spinner label="Loading the draft…" />;
  if (project.isError) return <Alert type="error" showIcon title={errorMessage(project.error)} />;
  if (!project.data.is_draft) {
    return <Alert type="info" showIcon title={`Project #${jobId} has been submitted.`} action={<Link to={`/portal/job/${jobId}`}>Open the project</Link>} />;
  }
  return <NewProjectScreen user={user} customerInitiated={customerInitiated} draft={project.data} />;
}
