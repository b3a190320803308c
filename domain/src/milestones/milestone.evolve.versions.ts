import { assertNever } from '../shared/command';
import type { MilestoneEvent, Party } from './events';
import type { VersionId } from './ids';
import type { ActiveMilestone, VersionState } from './milestone.state';

type MilestoneProposed = Extract<MilestoneEvent, { type: 'MilestoneProposed' }>;
export type VersionEvent = Extract<
  MilestoneEvent,
  { type: 'MilestoneEditProposed' | 'MilestoneVersionApproved' | 'MilestoneVersionRejected' | 'MilestoneVersionAgreed' }
>;

/** A milestone as its proposal creates it: one proposed version, nothing agreed, no money. */
export function proposedMilestone(d: MilestoneProposed['data']): ActiveMilestone {
  return {
    status: 'active',
    originalId: d.originalId,
    jobId: d.jobId,
    customerId: d.customerId,
    companyId: d.companyId,
    createdAt: d.at,
    versions: [newVersion(d, true, null)],
    currentVersionId: null,
    completion: { customer: false, company: false },
    completedBy: { customer: null, company: null },
    completedByBoth: false,
    completedAt: null,
    deposits: [],
    disbursements: [],
    refunds: [],
    disputes: [],
    responseDeadline: null,
    updatedAt: d.at,
    retainageReleases: [],
    retainageRefunds: [],
    waivers: [],
    reminders: [],
    attachments: [],
  };
}

/** Edits, approvals and rejections of versions; an agreed version becomes the current one. */
export function evolveVersions(s: ActiveMilestone, event: VersionEvent): ActiveMilestone {
  switch (event.type) {
    case 'MilestoneEditProposed':
      return { ...s, versions: [...s.versions, newVersion(event.data, false, event.data.basedOnVersionId)] };
    case 'MilestoneVersionApproved': {
      const { versionId, party, by } = event.data;
      return {
        ...s,
        versions: updateVersion(s, versionId, (v) => ({
          ...v,
          approvals: { ...v.approvals, [party]: 'approved' },
          approvedBy: { ...v.approvedBy, [party]: by },
        })),
      };
    }
    case 'MilestoneVersionRejected': {
      const { versionId, party } = event.data;
      return {
        ...s,
        versions: updateVersion(s, versionId, (v) => ({
          ...v,
          approvals: { ...v.approvals, [party]: 'rejected' },
          approvedBy: { ...v.approvedBy, [party]: null },
        })),
      };
    }
    case 'MilestoneVersionAgreed': {
      const { versionId, replacedVersionId, closedVersionIds, at } = event.data;
      const closed = new Set(closedVersionIds);
      return {
        ...s,
        currentVersionId: versionId,
        versions: s.versions.map((v) =>
          v.versionId === versionId
            ? { ...v, status: 'current', agreedAt: at }
            : v.versionId === replacedVersionId
              ? { ...v, status: 'replaced' }
              : closed.has(v.versionId)
                ? { ...v, status: 'closed' }
                : v,
        ),
      };
    }
    default:
      return assertNever(event);
  }
}

const noApprovals = () => ({ customer: 'pending' as const, company: 'pending' as const });

function newVersion(
  data: {
    versionId: VersionId;
    title: string;
    definition: string;
    position: number;
    terms: VersionState['terms'];
    proposedBy: number;
    proposedByParty: Party;
    at: string;
  },
  isOriginal: boolean,
  basedOnVersionId: VersionId | null,
): VersionState {
  return {
    versionId: data.versionId,
    isOriginal,
    basedOnVersionId,
    title: data.title,
    definition: data.definition,
    position: data.position,
    terms: data.terms,
    proposedBy: data.proposedBy,
    proposedByParty: data.proposedByParty,
    proposedAt: data.at,
    approvals: noApprovals(),
    approvedBy: { customer: null, company: null },
    status: 'proposed',
    agreedAt: null,
  };
}

function updateVersion(state: ActiveMilestone, versionId: number, change: (v: VersionState) => VersionState): VersionState[] {
  return state.versions.map((v) => (v.versionId === versionId ? change(v) : v));
}
