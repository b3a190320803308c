import {
  billingActionOf,
  type BillingCommand,
  billingOf,
  type BillingProjectFacts,
  type BillingState,
  type CommandMetadata,
  DomainError,
  forbidden,
  notFound,
  projectRoleMay,
  projectRoleRefusalMessage,
  type ProjectState,
} from '@escrow/domain';
import { Injectable } from '@nestjs/common';

import { billingStream, EventStreams, metadataOf, projectStream } from '../command-side';
import type { SessionUser } from '../identity';
import { ProjectAccess, type Viewer } from '../read-models';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A billing command as its slice writes it: the pipeline adds who sends it, when, and what is known of the project. */
export type BillingRequest = DistributiveOmit<BillingCommand, 'metadata' | 'project'>;

/** Who reads a project's billing: its parties, an admin, or the certifier the buyer named (who is no party). */
export type BillingViewer = Viewer | 'certifier';

/** What the billing rules know of a project, from its stream (its parties, status and billing method only move one way). */
export function billingFactsOf(project: ProjectState): BillingProjectFacts {
  if (project.status === 'none') throw notFound('no_such_project', 'There is no such project.');
  return {
    status: project.status,
    customerId: project.customerId,
    companyId: project.primaryCompanyId,
    billing: billingOf(project),
    // Fixed at submission: each payout exchanges its lien waivers in this state.
    siteState: project.terms.siteState,
  };
}

/**
 * The caller's side: a party or an admin as ProjectAccess says (404 for a project they may not
 * know of), else the certifier the buyer named in `billing`, else ProjectAccess's 403.
 */
export async function billingViewerOf(access: ProjectAccess, projectId: number, user: SessionUser, billing: BillingState): Promise<BillingViewer> {
  try {
    return (await access.requireViewer(projectId, user)).viewer;
  } catch (error) {
    const certifier = billing.status === 'active' && billing.certifier?.userId === user.userId;
    if (certifier && projectRoleMay('certifier', 'billing.read') && error instanceof DomainError && error.kind === 'forbidden') return 'certifier';
    throw error;
  }
}

/**
 * The one pipeline of progress-billing commands: who may act (a party as ProjectAccess says, or
 * the named certifier), the project's facts from its stream, then the billing stream's decider.
 */
@Injectable()
export class BillingCommands {
  constructor(
    private readonly access: ProjectAccess,
    private readonly streams: EventStreams,
  ) {}

  /** The caller's side on the write side's states (what a command is decided on); see billingViewerOf. */
  async requireReader(projectId: number, user: SessionUser): Promise<{ viewer: BillingViewer; billing: BillingState; project: ProjectState }> {
    const [billing, project] = await Promise.all([this.streams.current(billingStream, projectId), this.streams.current(projectStream, projectId)]);
    return { viewer: await billingViewerOf(this.access, projectId, user, billing), billing, project };
  }

  /** Decides the command on the billing stream; the answer is built from the state it produced (and the caller's side). */
  async decide(
    user: SessionUser,
    projectId: number,
    request: BillingRequest,
    idempotencyKey: string | null,
  ): Promise<{ state: BillingState; viewer: BillingViewer; facts: BillingProjectFacts }> {
    const { project, viewer } = await this.requireReader(projectId, user);
    // The certifier is no party: the project role table says what they may ask for at all, before the rules run.
    if (viewer === 'certifier' && !projectRoleMay('certifier', billingActionOf(request.type))) {
      throw forbidden('not_a_party', projectRoleRefusalMessage('certifier'));
    }
    const facts = billingFactsOf(project);
    const result = await this.decideAs(metadataOf(user), projectId, request, idempotencyKey, facts);
    return { state: result.state, viewer, facts };
  }

  /**
   * Decides on the billing stream as `metadata`'s actor without asking who may read the project:
   * for the person accepting a certifier invitation, who is nobody on the project until the rules
   * accept it.
   */
  async decideAs(
    metadata: CommandMetadata,
    projectId: number,
    request: BillingRequest,
    idempotencyKey: string | null,
    facts?: BillingProjectFacts,
  ): Promise<{ state: BillingState }> {
    const project = facts ?? billingFactsOf(await this.streams.current(projectStream, projectId));
    const command = { ...request, metadata, project } as BillingCommand;
    return this.streams.decide(billingStream, projectId, command, { idempotencyKey });
  }
}
