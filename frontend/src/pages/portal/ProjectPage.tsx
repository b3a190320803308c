import { formatDollars, type ProgressBillingView } from '@escrow/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { useCompanyPermission } from '../../api/company-role';
import { projectKeys, type ProjectSummary } from '../../api/projects';
import { ExclamationCircleFilledIcon } from '../../components/icons';
import { lazyThemed } from '../../components/lazy-antd';
import { LightButton } from '../../components/LightButton';
import { LightTabs } from '../../components/LightTabs';
import { LightTag } from '../../components/LightTag';
import { Notice } from '../../components/Notice';
import { Spinner } from '../../components/Spinner';
import { useToasts } from '../../components/toasts/toasts';
import { milestoneEvidence, retainageEvidence } from '../../features/attachments/api/owner';
import { LazyDisputeEvidence, LazyMilestoneFiles } from '../../features/attachments/components/lazy';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { isLoggedIn } from '../../features/auth/api/types';
import { useMilestoneForm, useMilestones, useProposeMilestone } from '../../features/milestones/api/milestones';
import { LazyMilestoneForm } from '../../features/milestones/components/lazy';
import { MilestoneCard } from '../../features/milestones/components/MilestoneCard';
import { useSchedule } from '../../features/progress-billing/api/get-schedule';
import { resumePath, useProject } from '../../features/projects/api/projects';
import { useRetainage } from '../../features/retainage/api/retainage';
import { ProjectTerms } from '../../features/retainage/components/ProjectTerms';
import { errorMessage } from '../../lib/api-client';
import { errorCode } from '../../lib/api-error';
import { useAfterPaint } from '../../lib/use-after-paint';
import { PortalFrame } from './PortalFrame';

// The page's first paint is plain HTML (no antd): the Retainage and History tabs (antd Table,
// Timeline) load with the antd theme when first opened, the dialogs and toasts when first needed.
const RetainagePanel = lazyThemed(() => import('../../features/retainage/components/RetainagePanel'), 'RetainagePanel');
const History = lazyThemed(() => import('./ProjectHistory'), 'ProjectHistory');
const BillingPanel = lazyThemed(() => import('../../features/progress-billing/components/BillingPanel'), 'BillingPanel');

function Milestones({ projectId, userId, signer }: { projectId: number; userId: number; signer: { first_name: string; last_name: string } | null }) {
  const milestones = useMilestones(projectId);
  const form = useMilestoneForm(projectId);
  const queryClient = useQueryClient();
  // The project's totals follow its milestones: refresh them when the milestones change (not when
  // they first arrive: the project was asked for beside them, so its totals are as fresh).
  const fingerprint = milestones.data ? JSON.stringify(milestones.data.map((m) => [m.m_id, m.status, m.held, m.total_disbursed, m.deposit_sum])) : null;
  const lastFingerprint = useRef<string | null>(null);
  useEffect(() => {
    if (fingerprint === null) return;
    if (lastFingerprint.current !== null && lastFingerprint.current !== fingerprint)
      void queryClient.invalidateQueries({ queryKey: projectKeys.summary(projectId) });
    lastFingerprint.current = fingerprint;
  }, [fingerprint, projectId, queryClient]);
  const propose = useProposeMilestone(projectId);
  const { message, notification } = useToasts();
  const [adding, setAdding] = useState(false);
  const proposes = useCompanyPermission('milestones.propose');
  // The cards are drawn as a deferred render, which React does in slices between other work: five
  // cards drawn at once were one task of ~250 ms on a throttled phone (Lighthouse's blocking time).
  const cards = useDeferredValue(milestones.data);
  if (milestones.isError) return <p role="alert">{errorMessage(milestones.error)}</p>;
  if (!cards) return <Spinner />;
  return (
    <>
      {cards.length === 0 && <p className="el-empty">No milestones yet.</p>}
      {cards.map((m) => (
        <MilestoneCard
          key={m.original_id}
          milestone={m}
          currentUserId={userId}
          signer={signer}
          files={<LazyMilestoneFiles milestone={m} currentUserId={userId} />}
          disputeFiles={
            m.dispute && (
              <LazyDisputeEvidence
                owner={milestoneEvidence(m.original_id)}
                disputeId={m.dispute.dispute_id}
                open={m.dispute.status === 'open'}
                viewer={{ userId, role: m.user_is_customer ? 'buyer' : 'seller' }}
              />
            )
          }
        />
      ))}
      {adding && form.data ? (
        <section className="el-card" aria-labelledby="new-milestone-title">
          <div className="el-card__head">
            <h2 id="new-milestone-title" className="el-card__title">
              New milestone
            </h2>
          </div>
          <div className="el-card__body">
            <LazyMilestoneForm
              projectId={projectId}
              formData={form.data}
              pending={propose.isPending}
              error={propose.error}
              onSubmit={(payload) =>
                propose.mutate(payload, {
                  onSuccess: () => {
                    setAdding(false);
                    void message.success('Milestone added');
                  },
                  onError: () => notification.error({ title: 'Error adding milestone.', description: 'Please try again.', duration: 6 }),
                })
              }
            />
          </div>
        </section>
      ) : proposes.allowed ? (
        <LightButton onClick={() => setAdding(true)}>Add a milestone</LightButton>
      ) : (
        proposes.reason && <p className="el-muted">{proposes.reason}</p>
      )}
    </>
  );
}

/**
 * The project's summary: a milestone project's totals, or for a project billed by progress its
 * escrow balance (docs/progress-billing.md, "Funding before work"), which the milestones' totals
 * do not count.
 */
function projectFacts(p: ProjectSummary, progress: ProgressBillingView | null): [term: string, value: string | null][] {
  const parties: [string, string | null][] = [
    ['Buyer', p.customer_name],
    ['Seller', p.primary_company_name ?? 'Not chosen yet'],
  ];
  const next: [string, string] = ['Next action', p.next_action ?? '—'];
  if (progress) {
    const shortfall = progress.escrow?.shortfall;
    return [
      ...parties,
      ['Held in escrow', formatDollars(progress.escrow?.held ?? '0.00')],
      ['Paid out', formatDollars(progress.escrow?.paid_out ?? '0.00')],
      ['Still to fund', shortfall ? `${formatDollars(shortfall.amount)} by ${shortfall.deposit_by}` : formatDollars('0.00')],
      // What escrow holds for the retainage, beside what it holds in all: the retainage the
      // certificates withheld is in escrow only once their payments are funded (the Billing tab
      // shows both figures).
      ['Retainage held', formatDollars(progress.escrow?.retainage_held ?? '0.00')],
      next,
    ];
  }
  return [
    ...parties,
    ['Held in escrow', formatDollars(p.totals.held)],
    ['Released', formatDollars(p.totals.released)],
    ['Still to fund', `${formatDollars(p.totals.to_fund)} (approved milestones)`],
    ['Refunded', formatDollars(p.totals.refunded)],
    ['Retainage held', formatDollars(p.totals.retainage_held ?? '0.00')],
    next,
  ];
}

/** One project: its parties and money, its terms, a card per milestone, its retainage and the audit history. */
export function ProjectPage() {
  const projectId = Number(useParams().projectId);
  const { data: user } = useCurrentUser();
  const project = useProject(projectId);
  // The terms line sits above the tabs: the page waits for it (asked beside the project, not after
  // it), so the milestones do not move down when it arrives (Lighthouse's layout shift, 0.018).
  const retainage = useRetainage(projectId);
  // How the project bills decides the tabs (Billing first when it bills by progress), so the page
  // waits for it too; a project whose billing cannot be read shows no Billing tab.
  const billing = useSchedule(projectId);
  // When the answers arrive, the heading, the facts and the terms paint first; the tabs (the
  // milestones, their cards and each card's own queries) follow in the next frame. Drawn in the
  // same task, they held back the heading, the page's largest element (Lighthouse's LCP, issue 40).
  const tabsReady = useAfterPaint(!(project.isPending || retainage.isPending || billing.isPending));
  // A retainage dispute's files, on the Retainage tab of a milestone project and the Billing tab of a progress-billed one.
  const retainageDisputeEvidence = ({ disputeId, yourParty }: { disputeId: number; yourParty: 'buyer' | 'seller' | null }) => (
    <LazyDisputeEvidence
      owner={retainageEvidence(projectId)}
      disputeId={disputeId}
      open
      viewer={{ userId: isLoggedIn(user) ? user.user_id : 0, role: yourParty ?? 'buyer' }}
    />
  );
  const billingTab = (p: ProjectSummary) => ({
    key: 'billing',
    label: 'Billing',
    children: (
      <Suspense fallback={<Spinner />}>
        <BillingPanel
          projectId={projectId}
          isDraft={p.is_draft}
          seller={p.primary_company_id && p.primary_company_name ? { company_id: p.primary_company_id, name: p.primary_company_name } : null}
          disputeEvidence={retainageDisputeEvidence}
        />
      </Suspense>
    ),
  });
  const progress = billing.data?.billing === 'progress' ? billing.data : null;
  const milestoneTabs = [
    {
      key: 'milestones',
      label: 'Milestones',
      children: <Milestones projectId={projectId} userId={isLoggedIn(user) ? user.user_id : 0} signer={isLoggedIn(user) ? user : null} />,
    },
    {
      key: 'retainage',
      label: 'Retainage',
      children: (
        <Suspense fallback={<Spinner />}>
          <RetainagePanel projectId={projectId} disputeEvidence={retainageDisputeEvidence} />
        </Suspense>
      ),
    },
  ];
  return (
    <PortalFrame appText>
      {project.isPending || retainage.isPending || billing.isPending ? (
        <Spinner />
      ) : project.isError && billing.data && errorCode(project.error) === 'not_a_party' ? (
        // The certifier the buyer named reads the billing and certifies, and is no party: the
        // project itself is refused to them (not_a_party), its billing is not. Any other failure
        // to load the project is said as such, to parties and certifiers alike.
        <>
          <h1>Billing of project #{projectId}</h1>
          <Suspense fallback={<Spinner />}>
            <BillingPanel projectId={projectId} isDraft={false} seller={null} />
          </Suspense>
        </>
      ) : project.isError ? (
        <p role="alert">{errorMessage(project.error)}</p>
      ) : (
        <>
          <div className="el-actions" style={{ justifyContent: 'space-between' }}>
            <h1 style={{ margin: 0 }}>
              Project #{project.data.job_id}: {project.data.service} <LightTag>{project.data.status}</LightTag>
            </h1>
            <div className="el-actions">
              <Link to={`/portal/job/${projectId}/payment-release`}>Payments</Link>
              {project.data.your_role && project.data.your_role !== 'admin' && (
                <Link to={`/portal/project-agreement/${project.data.your_role === 'buyer' ? 'customer' : 'company'}/${projectId}`}>Agreement</Link>
              )}
              {project.data.your_role === 'buyer' && <Link to={`/portal/job/${projectId}/ach`}>Bank account</Link>}
            </div>
          </div>
          {project.data.is_draft && (
            <Notice
              tone="warning"
              icon={<ExclamationCircleFilledIcon />}
              action={isLoggedIn(user) && project.data.created_by === user.user_id ? <Link to={resumePath(project.data)}>Resume the draft</Link> : undefined}
            >
              This project is still a draft: submit it before approvals and deposits.
            </Notice>
          )}
          {/* Label and figure pairs: a definition list, not a layout table without headers. */}
          <dl className="el-project-facts" aria-label="Project summary">
            {projectFacts(project.data, progress).map(([term, value]) => (
              <div key={term} className={term === 'Next action' ? 'el-project-facts__wide' : undefined}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {retainage.data && <ProjectTerms retainage={retainage.data} projectId={projectId} isDraft={project.data.is_draft} />}
          {!tabsReady ? (
            <Spinner />
          ) : (
            <LightTabs
              label="Project"
              items={[
                ...(progress ? [billingTab(project.data)] : []),
                // A project billed by progress has no milestones, and its retainage is on the Billing tab.
                ...(progress ? [] : milestoneTabs),
                {
                  key: 'history',
                  label: 'History',
                  children: (
                    <Suspense fallback={<Spinner />}>
                      <History
                        projectId={projectId}
                        seller={
                          project.data.primary_company_id && project.data.primary_company_name
                            ? { id: project.data.primary_company_id, name: project.data.primary_company_name }
                            : null
                        }
                      />
                    </Suspense>
                  ),
                },
                ...(!progress && project.data.is_draft ? [billingTab(project.data)] : []),
              ]}
            />
          )}
        </>
      )}
    </PortalFrame>
  );
}
