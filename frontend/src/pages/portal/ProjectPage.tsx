import { formatDollars } from '@escrow/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Tabs, Tag, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { projectKeys } from '../../api/projects';
import { Spinner } from '../../components/Spinner';
import { milestoneEvidence, retainageEvidence } from '../../features/attachments/api/owner';
import { LazyDisputeEvidence, LazyMilestoneFiles } from '../../features/attachments/components/lazy';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { isLoggedIn } from '../../features/auth/api/types';
import { useMilestoneForm, useMilestones, useProposeMilestone } from '../../features/milestones/api/milestones';
import { MilestoneCard } from '../../features/milestones/components/MilestoneCard';
import { MilestoneForm } from '../../features/milestones/components/MilestoneForm';
import { resumePath } from '../../features/projects/api/new-project';
import { useHistory, useProject } from '../../features/projects/api/projects';
import { useRetainage } from '../../features/retainage/api/retainage';
import { ProjectTerms } from '../../features/retainage/components/ProjectTerms';
import { RetainagePanel } from '../../features/retainage/components/RetainagePanel';
import { errorMessage } from '../../lib/api-client';
import { PortalShell } from './PortalShell';

function History({ projectId }: { projectId: number }) {
  const history = useHistory(projectId);
  if (history.isPending) return <Spinner />;
  if (history.isError) return <p role="alert">{errorMessage(history.error)}</p>;
  return (
    <Timeline
      items={history.data.map((h) => ({
        key: h.event_id,
        content: (
          <div data-testid="history-entry" data-type={h.type}>
            <div className="el-muted">
              {new Date(h.at).toLocaleString()} · {h.actor_name ?? 'System'}
              {h.actor_role && h.actor_role !== 'system'
                ? ` (${h.actor_role === 'customer' ? 'buyer' : h.actor_role === 'company' ? 'seller' : h.actor_role})`
                : ''}
            </div>
            <div>
              {h.summary}
              {typeof h.data?.waiverName === 'string' && (
                <>
                  {' '}
                  <Link to={`/portal/waivers/${h.data.waiverName}`}>View the waiver</Link>
                </>
              )}
            </div>
            {h.changes.length > 0 && (
              <ul className="el-changes" aria-label="Changes">
                {h.changes.map((c) => (
                  <li key={c.field}>
                    {c.field}: <del>{c.from ?? '—'}</del> → <ins>{c.to ?? '—'}</ins>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ),
      }))}
    />
  );
}

function Milestones({ projectId, userId, signer }: { projectId: number; userId: number; signer: { first_name: string; last_name: string } | null }) {
  const milestones = useMilestones(projectId);
  const form = useMilestoneForm(projectId);
  const queryClient = useQueryClient();
  // The project's totals follow its milestones: refresh them when the milestones change.
  const fingerprint = JSON.stringify(milestones.data?.map((m) => [m.m_id, m.status, m.held, m.total_disbursed, m.deposit_sum]) ?? []);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: projectKeys.summary(projectId) });
  }, [fingerprint, projectId, queryClient]);
  const propose = useProposeMilestone(projectId);
  const { message, notification } = App.useApp();
  const [adding, setAdding] = useState(false);
  if (milestones.isPending) return <Spinner />;
  if (milestones.isError) return <p role="alert">{errorMessage(milestones.error)}</p>;
  return (
    <>
      {milestones.data.length === 0 && <Empty description="No milestones yet." />}
      {milestones.data.map((m) => (
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
        <Card title="New milestone">
          <MilestoneForm
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
        </Card>
      ) : (
        <Button onClick={() => setAdding(true)}>Add a milestone</Button>
      )}
    </>
  );
}

/** The project's terms (retainage, job site), from its retainage answer. */
function Terms({ projectId, isDraft }: { projectId: number; isDraft: boolean }) {
  const retainage = useRetainage(projectId);
  if (!retainage.data) return null;
  return <ProjectTerms retainage={retainage.data} projectId={projectId} isDraft={isDraft} />;
}

/** One project: its parties and money, its terms, a card per milestone, its retainage and the audit history. */
export function ProjectPage() {
  const projectId = Number(useParams().projectId);
  const { data: user } = useCurrentUser();
  const project = useProject(projectId);
  return (
    <PortalShell>
      {project.isPending ? (
        <Spinner />
      ) : project.isError ? (
        <p role="alert">{errorMessage(project.error)}</p>
      ) : (
        <>
          <div className="el-actions" style={{ justifyContent: 'space-between' }}>
            <h1 style={{ margin: 0 }}>
              Project #{project.data.job_id}: {project.data.service} <Tag>{project.data.status}</Tag>
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
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 16 }}
              title="This project is still a draft: submit it before approvals and deposits."
              action={isLoggedIn(user) && project.data.created_by === user.user_id ? <Link to={resumePath(project.data)}>Resume the draft</Link> : undefined}
            />
          )}
          {/* Label and figure pairs: a definition list, not a layout table without headers. */}
          <dl className="el-project-facts" aria-label="Project summary">
            {(
              [
                ['Buyer', project.data.customer_name],
                ['Seller', project.data.primary_company_name ?? 'Not chosen yet'],
                ['Held in escrow', formatDollars(project.data.totals.held)],
                ['Released', formatDollars(project.data.totals.released)],
                ['Still to fund', `${formatDollars(project.data.totals.to_fund)} (approved milestones)`],
                ['Refunded', formatDollars(project.data.totals.refunded)],
                ['Retainage held', formatDollars(project.data.totals.retainage_held ?? '0.00')],
                ['Next action', project.data.next_action ?? '—'],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className={term === 'Next action' ? 'el-project-facts__wide' : undefined}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <Terms projectId={projectId} isDraft={project.data.is_draft} />
          <Tabs
            items={[
              {
                key: 'milestones',
                label: 'Milestones',
                children: <Milestones projectId={projectId} userId={isLoggedIn(user) ? user.user_id : 0} signer={isLoggedIn(user) ? user : null} />,
              },
              {
                key: 'retainage',
                label: 'Retainage',
                children: (
                  <RetainagePanel
                    projectId={projectId}
                    disputeEvidence={({ disputeId, yourParty }) => (
                      <LazyDisputeEvidence
                        owner={retainageEvidence(projectId)}
                        disputeId={disputeId}
                        open
                        viewer={{ userId: isLoggedIn(user) ? user.user_id : 0, role: yourParty ?? 'buyer' }}
                      />
                    )}
                  />
                ),
              },
              { key: 'history', label: 'History', children: <History projectId={projectId} /> },
            ]}
          />
        </>
      )}
    </PortalShell>
  );
}
