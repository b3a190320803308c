import { type BillingFileState, type BillingState, DomainError, forbidden, notFound } from '@escrow/domain';

import type { SessionUser } from '../identity';
import { type BillingReads, type BillingViewer, billingViewerOf } from '../progress-billing';
import type { ProjectAccess, Viewer } from '../read-models';

/**
 * Whether the project or milestone is there for this caller is all an attachment route may tell
 * someone who may not see it: "not a party" (403) for an id that exists and 404 for one that does
 * not would let an outsider walk the ids and learn which milestones exist. So everyone who may
 * not see it gets one 404, in the same words, whether it exists or not.
 */
const unseen = (error: unknown): boolean => error instanceof DomainError && (error.kind === 'forbidden' || error.kind === 'not_found');
const noSuchMilestone = () => notFound('no_such_milestone', 'There is no such milestone.');
const noSuchProject = () => notFound('no_such_project', 'There is no such project.');

/** The milestone of a version id, for those who see its files: its parties, the payees it pays, administrators. */
export function milestoneSeenBy(access: ProjectAccess, versionId: number, user: SessionUser) {
  return access.requireMilestoneWaiverViewer(versionId, user).catch((error: unknown) => {
    throw unseen(error) ? noSuchMilestone() : error;
  });
}

/** The milestone for those who may attach or remove files (its parties, administrators); a payee sees them, and is refused (403). */
export async function milestoneActedOnBy(access: ProjectAccess, versionId: number, user: SessionUser) {
  const ref = await milestoneSeenBy(access, versionId, user);
  if (ref.viewer === 'payee') throw forbidden('not_a_party', 'You are not a party to this project.');
  return { ...ref, viewer: ref.viewer as Viewer };
}

/** The project, for its parties and administrators (its retainage dispute's files). */
export function projectSeenBy(access: ProjectAccess, projectId: number, user: SessionUser) {
  return access.requireViewer(projectId, user).catch((error: unknown) => {
    throw unseen(error) ? noSuchProject() : error;
  });
}

/** The caller's side of a project's billing (`billing`: the write side's state), for its parties, its certifier and administrators. */
export function billingSeenBy(access: ProjectAccess, projectId: number, user: SessionUser, billing: BillingState): Promise<BillingViewer> {
  return billingViewerOf(access, projectId, user, billing).catch((error: unknown) => {
    throw unseen(error) ? noSuchProject() : error;
  });
}

/** The files of a project's billing as the read model holds them, for its parties, its certifier and administrators. */
export async function billingReadBy(reads: BillingReads, projectId: number, user: SessionUser): Promise<BillingFileState[]> {
  const { billing } = await reads.requireReader(projectId, user).catch((error: unknown) => {
    throw unseen(error) ? noSuchProject() : error;
  });
  return billing.status === 'active' ? (billing.files ?? []) : [];
}
