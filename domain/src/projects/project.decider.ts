import { readSiteState, type SiteState } from '../lien-waivers/states';
import type { ProjectFacts } from '../milestones/commands';
import { requireMilestoneBilling, requireParty, requireSeller } from '../milestones/milestone.rules';
import { withUploadNotRecorded } from '../milestones/milestone.state';
import type { MilestoneTerms } from '../money/fees';
import { NO_RETAINAGE, readRetainagePercent } from '../money/retainage';
import type { CommandMetadata } from '../shared/command';
import { assertNever } from '../shared/command';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import { safeText } from '../shared/text';
import type { CompanyRole } from '../teams/permissions';
import type { ProjectCommand } from './commands';
import type { BillingMethod, ProjectEvent } from './events';
import { decideRetainage, evolveRetainage, noRetainage, type ProjectRetainage } from './project.retainage';
import { decideRetainageEvidence } from './project.retainage-evidence';

export interface ActiveProject {
  status: 'draft' | 'submitted' | 'discarded';
  jobId: number;
  customerId: number;
  primaryCompanyId: number | null;
  service: string;
  customerInitiated: boolean;
  createdBy: number;
  createdAt: string;
  submittedAt: string | null;
  discardedAt?: string | null;
  /** Each party's latest signature: what decides whether the agreement as it reads now is signed. */
  signatures: Partial<Record<'customer' | 'company', AgreementSignature>>;
  /** Every signature, in order: a text signed before the terms changed still shows who signed it. */
  signatureLog: (AgreementSignature & { party: 'customer' | 'company' })[];
  /**
   * The agreed version of each milestone, by original id, as the agreement lists it
   * (ProjectMilestoneAgreed). Absent in states stored before the project's stream kept them.
   */
  agreedMilestones?: Record<number, AgreedTerms>;
  /**
   * The original ids of the milestones added to the project (ProjectMilestoneAdded), in order.
   * Absent in states stored before the project's stream listed them.
   */
  milestoneIds?: number[];
  /** Terms new milestone versions take when proposed (each version freezes its own). */
  terms: { retainagePercent: string; siteState: SiteState | null };
  retainage: ProjectRetainage;
  /** How the project bills; absent in states stored before progress billing existed: milestones. */
  billing?: BillingMethod;
}

/** What the agreement says of a milestone's agreed version. */
export interface AgreedTerms {
  versionId: number;
  title: string;
  definition: string;
  position: number;
  terms: MilestoneTerms;
}

interface AgreementSignature {
  signedBy: number;
  signedName: string;
  agreementHash: string;
  contractName: string;
  at: string;
  /** Who of the seller's company signed, by role (issue 37); absent for the buyer and on older signatures. */
  signerCompanyRole?: CompanyRole;
}

export type ProjectState = { status: 'none' } | ActiveProject;

export const initialProjectState: ProjectState = { status: 'none' };

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'JobDraftCreated': {
      const d = event.data;
      return {
        status: 'draft',
        jobId: d.jobId,
        customerId: d.customerId,
        primaryCompanyId: d.primaryCompanyId,
        service: d.service,
        customerInitiated: d.customerInitiated,
        createdBy: d.createdBy,
        createdAt: d.createdAt,
        submittedAt: null,
        signatures: {},
        signatureLog: [],
        terms: { retainagePercent: NO_RETAINAGE, siteState: null },
        retainage: noRetainage(),
      };
    }
    case 'JobBasicsUpdated':
      if (state.status === 'none') return state;
      return { ...state, customerId: event.data.customerId, primaryCompanyId: event.data.primaryCompanyId, service: event.data.service };
    case 'JobSubmitted':
      if (state.status === 'none') return state;
      return { ...state, status: 'submitted', submittedAt: event.data.at };
    case 'JobDraftDiscarded':
      if (state.status === 'none') return state;
      return { ...state, status: 'discarded', discardedAt: event.data.at };
    case 'ProjectAgreementSigned': {
      if (state.status === 'none') return state;
      const { party, signedBy, signedName, agreementHash, contractName, at, signerCompanyRole } = event.data;
      const signature = { signedBy, signedName, agreementHash, contractName, at, ...(signerCompanyRole ? { signerCompanyRole } : {}) };
      return {
        ...state,
        signatures: { ...state.signatures, [party]: signature },
        signatureLog: [...(state.signatureLog ?? []), { ...signature, party }],
      };
    }
    case 'ProjectMilestoneAgreed': {
      if (state.status === 'none') return state;
      const { originalId, versionId, title, definition, position, terms } = event.data;
      return { ...state, agreedMilestones: { ...state.agreedMilestones, [originalId]: { versionId, title, definition, position, terms } } };
    }
    case 'ProjectMilestoneAdded':
      if (state.status === 'none') return state;
      return { ...state, milestoneIds: [...(state.milestoneIds ?? []), event.data.originalId] };
    case 'ProjectTermsSet':
      if (state.status === 'none') return state;
      return { ...state, terms: { retainagePercent: event.data.retainagePercent, siteState: event.data.siteState } };
    case 'ProjectBillingChosen':
      if (state.status === 'none') return state;
      return { ...state, billing: event.data.billing };
    case 'RetainageReleaseRequested':
    case 'RetainageReleaseApproved':
    case 'RetainageDisputeOpened':
    case 'RetainageDisputeResolved':
    case 'RetainageResolutionProposed':
    case 'RetainageResolutionApproved':
    case 'RetainageResolutionRejected':
    case 'RetainageEvidenceAdded':
    case 'RetainageEvidenceRemoved':
      if (state.status === 'none') return state;
      return { ...state, retainage: evolveRetainage(state.retainage, event) };
    default:
      return assertNever(event);
  }
}

/** How a project bills: milestones unless a party chose progress billing. */
export const billingOf = (project: Pick<ActiveProject, 'billing'>): BillingMethod => project.billing ?? 'milestones';

/** What a milestone command needs to know of its project, from the project's own stream. */
export function projectFacts(project: ActiveProject): ProjectFacts {
  return {
    status: project.status,
    customerId: project.customerId,
    companyId: project.primaryCompanyId,
    retainagePercent: project.terms.retainagePercent,
    siteState: project.terms.siteState,
    billing: billingOf(project),
  };
}

/**
 * Milestones the project has: those its stream lists, less those the caller found never started,
 * or the read models' count where that is more (see SubmitJob). Choosing progress billing counts
 * every listed one: a proposal between its two appends is on its way.
 */
const milestonesOf = (project: ActiveProject, readModelCount: number, unstarted = 0): number =>
  Math.max((project.milestoneIds?.length ?? 0) - unstarted, readModelCount);

/** The side of the project the actor is on, if any. */
export function projectPartyOf(project: { customerId: number; primaryCompanyId: number | null }, metadata: CommandMetadata): 'customer' | 'company' | null {
  if (metadata.actorRole === 'admin' || metadata.actorRole === 'system') return null;
  if (metadata.actorId === project.customerId) return 'customer';
  if (metadata.actorCompanyId != null && metadata.actorCompanyId === project.primaryCompanyId) return 'company';
  return null;
}

function validService(service: string): string {
  const trimmed = safeText(service, 'service');
  if (!trimmed) throw invalid('service_required', 'Choose the main service provided before creating the project.');
  if (trimmed.length > 100) throw invalid('service_too_long', 'That service name is too long.');
  return trimmed;
}

/**
 * Who starts a project (docs/product.md#who-starts-a-project): a buyer names themselves as the customer and picks the seller;
 * a seller's company user names the buyer and their own company as the seller.
 */
function checkCreator(data: { customerId: number; primaryCompanyId: number | null; customerInitiated: boolean }, metadata: CommandMetadata): void {
  if (data.customerInitiated) {
    if (metadata.actorId !== data.customerId) throw forbidden('buyer_starts', 'A buyer can only start a project as its own buyer.');
    if (data.primaryCompanyId !== null && data.primaryCompanyId === metadata.actorCompanyId) throw invalid('same_party', 'Pick another company as the seller.');
  } else {
    if (metadata.actorCompanyId == null) throw forbidden('company_only', 'Only contractor company users can start a project for a buyer.');
    if (data.primaryCompanyId !== metadata.actorCompanyId) throw forbidden('own_company', 'A seller starts projects for their own company.');
    if (data.customerId === metadata.actorId) throw invalid('same_party', 'The buyer must be someone else.');
  }
}

export function decideProject(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
  const { metadata } = command;
  switch (command.type) {
    case 'CreateJobDraft': {
      if (state.status !== 'none') throw conflict('job_exists', `Project ${command.data.jobId} already exists.`);
      const service = validService(command.data.service);
      checkCreator(command.data, metadata);
      return [{ type: 'JobDraftCreated', data: { ...command.data, service, createdBy: metadata.actorId, createdAt: metadata.now } }];
    }
    case 'UpdateJobBasics': {
      if (state.status === 'none' || state.status === 'discarded') throw notFound('job_not_found', 'There is no such project.');
      // Parties freeze at submission; approvals and money need a submitted project, so nobody
      // can be pushed out of a project once anything was approved or funded.
      if (state.status !== 'draft') throw conflict('not_draft', 'The project has been submitted; its buyer, seller and service can no longer change.');
      if (!projectPartyOf(state, metadata)) throw forbidden('not_a_party', 'Only the buyer or the seller of this project can change it.');
      const service = validService(command.data.service);
      checkCreator({ ...command.data, customerInitiated: state.customerInitiated }, metadata);
      return [
        {
          type: 'JobBasicsUpdated',
          data: {
            jobId: state.jobId,
            customerId: command.data.customerId,
            primaryCompanyId: command.data.primaryCompanyId,
            service,
            updatedBy: metadata.actorId,
            at: metadata.now,
          },
        },
      ];
    }
    case 'SubmitJob': {
      if (state.status === 'none' || state.status === 'discarded') throw notFound('job_not_found', 'There is no such project.');
      if (!projectPartyOf(state, metadata)) throw forbidden('not_a_party', 'Only the buyer or the seller of this project can submit it.');
      if (state.status === 'submitted') return []; // submitting twice changes nothing
      if (state.primaryCompanyId === null) throw invalid('seller_required', 'Choose the seller before submitting the project.');
      // A progress-billed project's schedule of values is approved once it is submitted: it needs no milestone.
      if (billingOf(state) === 'milestones' && milestonesOf(state, command.data.milestoneCount, command.data.unstartedMilestones) < 1) {
        throw conflict('milestone_required', 'Add at least one milestone before submitting the project.');
      }
      return [{ type: 'JobSubmitted', data: { jobId: state.jobId, submittedBy: metadata.actorId, at: metadata.now } }];
    }
    case 'DiscardJobDraft': {
      if (state.status === 'none' || state.status === 'discarded') throw notFound('job_not_found', 'There is no such project.');
      if (metadata.actorId !== state.createdBy) throw forbidden('creator_only', 'Only the person who started this draft can discard it.');
      if (state.status !== 'draft') throw conflict('not_draft', 'The project has been submitted; it can no longer be discarded.');
      return [{ type: 'JobDraftDiscarded', data: { jobId: state.jobId, discardedBy: metadata.actorId, at: metadata.now } }];
    }
    case 'SignProjectAgreement': {
      if (state.status === 'none' || state.status === 'discarded') throw notFound('job_not_found', 'There is no such project.');
      const party = projectPartyOf(state, metadata);
      if (!party) throw forbidden('not_a_party', 'Only the buyer or the seller of this project can sign its agreement.');
      if (party !== command.data.party) throw forbidden('wrong_signer', `You sign this agreement as the ${party === 'customer' ? 'buyer' : 'seller'}.`);
      if (state.primaryCompanyId === null) throw invalid('seller_required', 'The project needs a seller before its agreement can be signed.');
      const existing = state.signatures[party];
      if (existing?.agreementHash === command.data.agreementHash) throw conflict('already_signed', 'You have already signed this agreement.');
      const signedName = safeText(command.data.signedName, 'signature').replace(/\s+/g, ' ');
      if (signedName.length < 2) throw invalid('signature_required', 'Type your full name to sign.');
      if (signedName.length > 200) throw invalid('signature_too_long', 'That name is too long.');
      // A signature binds a person: it is their own legal name, whatever the case or spacing.
      const legalName = command.data.legalName.trim().replace(/\s+/g, ' ');
      if (signedName.toLocaleLowerCase('en-US') !== legalName.toLocaleLowerCase('en-US')) {
        throw invalid('signature_not_legal_name', `Sign with your own legal name as it is on your account: ${legalName}.`);
      }
      return [
        {
          type: 'ProjectAgreementSigned',
          data: {
            jobId: state.jobId,
            party,
            signedBy: metadata.actorId,
            signedName,
            agreementHash: command.data.agreementHash,
            contractName: command.data.contractName,
            at: metadata.now,
            ...(party === 'company' && metadata.actorCompanyRole ? { signerCompanyRole: metadata.actorCompanyRole } : {}),
          },
        },
      ];
    }
    case 'RecordAgreedMilestone': {
      if (state.status === 'none' || state.status === 'discarded') throw notFound('job_not_found', 'There is no such project.');
      // A milestone's versions are agreed in the order of their ids (agreeing one closes every
      // other proposal; an edit gets a new, higher id): a late or repeated record changes nothing.
      const { originalId, versionId, title, definition, position, terms } = command.data;
      const listed = state.agreedMilestones?.[originalId];
      if (listed && listed.versionId >= versionId) return [];
      return [{ type: 'ProjectMilestoneAgreed', data: { jobId: state.jobId, originalId, versionId, title, definition, position, terms, at: metadata.now } }];
    }
    case 'AddProjectMilestone': {
      if (state.status === 'none') throw notFound('job_not_found', 'There is no such project.');
      // The milestone's decider asks the same of the same facts first; here they are the stream's latest.
      const facts = projectFacts(state);
      requireParty(facts, metadata, 'add milestones');
      requireMilestoneBilling(facts);
      requireSeller(facts);
      if (state.milestoneIds?.includes(command.data.originalId)) return [];
      return [
        { type: 'ProjectMilestoneAdded', data: { jobId: state.jobId, originalId: command.data.originalId, addedBy: metadata.actorId, at: metadata.now } },
      ];
    }
    case 'SetProjectTerms': {
      if (state.status === 'none' || state.status === 'discarded') throw notFound('job_not_found', 'There is no such project.');
      if (!projectPartyOf(state, metadata)) throw forbidden('not_a_party', 'Only the buyer or the seller of this project can set its terms.');
      const retainagePercent = readRetainagePercent(command.data.retainagePercent);
      const siteState = readSiteState(command.data.siteState);
      // The job site decides whether payments exchange lien waivers, and under which state's law:
      // both parties agree to it with the project, so it is fixed at submission, named or not (a
      // state named later would leave the milestones agreed before it without waivers).
      if (state.status === 'submitted' && siteState !== state.terms.siteState) {
        throw conflict(
          'site_state_fixed',
          state.terms.siteState === null
            ? "The job site's state can only be named before the project is submitted: its milestones were agreed without lien waivers."
            : `The job site's state (${state.terms.siteState}) is fixed once the project is submitted: lien waivers name it.`,
        );
      }
      if (retainagePercent === state.terms.retainagePercent && siteState === state.terms.siteState) return [];
      return [{ type: 'ProjectTermsSet', data: { jobId: state.jobId, retainagePercent, siteState, setBy: metadata.actorId, at: metadata.now } }];
    }
    case 'ChooseBillingMethod': {
      if (state.status === 'none' || state.status === 'discarded') throw notFound('job_not_found', 'There is no such project.');
      if (!projectPartyOf(state, metadata)) throw forbidden('not_a_party', 'Only the buyer or the seller of this project can choose how it bills.');
      const method = command.data.method;
      if (method !== 'milestones' && method !== 'progress') {
        throw invalid('billing_method', 'Choose how the project bills: "milestones" or "progress".');
      }
      // Both parties agree to how the project bills when it is submitted; the billing rules rely on it never changing after.
      if (state.status === 'submitted') {
        throw conflict('billing_fixed', `This project is submitted: it bills by ${billingOf(state)} and that can no longer change.`);
      }
      if (method === billingOf(state)) return [];
      if (method === 'progress' && milestonesOf(state, command.data.milestoneCount) > 0) {
        // A milestone is never removed from a project: the message must not send anyone to look for a way.
        throw conflict('milestones_exist', 'This project already has milestones, so it bills by milestones; to bill by progress, start a new project.');
      }
      return [{ type: 'ProjectBillingChosen', data: { jobId: state.jobId, billing: method, by: metadata.actorId, at: metadata.now } }];
    }
    case 'RequestRetainageRelease':
    case 'ApproveRetainageRelease':
    case 'DisputeRetainage':
    case 'ResolveRetainageDispute':
    case 'ApproveRetainageResolution':
    case 'RejectRetainageResolution': {
      if (state.status === 'none' || state.status === 'discarded') throw notFound('job_not_found', 'There is no such project.');
      return decideRetainage(command, state.retainage, state, projectPartyOf(state, metadata), metadata);
    }
    case 'AddRetainageEvidence':
    case 'RemoveRetainageEvidence': {
      if (state.status === 'none' || state.status === 'discarded') throw notFound('job_not_found', 'There is no such project.');
      return decideRetainageEvidence(command, state.retainage, state, projectPartyOf(state, metadata), metadata);
    }
    default:
      return assertNever(command);
  }
}

/** A project state stored before terms and retainage existed, in the current shape (see currentMilestoneShape). */
export function currentProjectShape(state: ProjectState): ProjectState {
  if (state.status === 'none') return state;
  let shaped = state;
  if (!(shaped as Partial<ActiveProject>).retainage)
    shaped = { ...shaped, terms: { retainagePercent: NO_RETAINAGE, siteState: null }, retainage: noRetainage() };
  if (!(shaped as Partial<ActiveProject>).signatureLog) {
    // Stored before the log: the latest signatures are all it knows.
    const latest = (['customer', 'company'] as const).flatMap((party) => (shaped.signatures[party] ? [{ ...shaped.signatures[party], party }] : []));
    shaped = { ...shaped, signatureLog: latest.sort((a, b) => a.at.localeCompare(b.at)) };
  }
  const evidence = shaped.retainage.evidence;
  if (evidence && !evidence.every((e) => e.originalSha256 !== undefined)) {
    shaped = { ...shaped, retainage: { ...shaped.retainage, evidence: evidence.map(withUploadNotRecorded) } };
  }
  return shaped;
}

export const foldProject = (events: readonly ProjectEvent[]): ProjectState => events.reduce(evolveProject, initialProjectState);
