import type { PayeeInput } from '../money/fees';
import type { CommandMetadata } from '../shared/command';
import { DomainError } from '../shared/errors';
import type { DepositAgreement, MilestoneCommand, ProjectFacts } from './commands';
import type { MilestoneEvent } from './events';
import { asVersionId, type OriginalId, type VersionId } from './ids';
import { decideMilestone } from './milestone.decider';
import { foldMilestone } from './milestone.evolve';
import type { MilestoneState } from './milestone.state';

/** Fixtures of the milestone decider specs: a project between buyer 10 and company 20. */
export const BUYER = 10;
export const SELLER = 21; // a user of company 20
export const SELLER_COMPANY = 20;
export const SUB_COMPANY = 30;
export const ADMIN = 1;
const OUTSIDER = 99;
/** The milestone's original id, which is also its first version's id. */
export const ORIGINAL = 500 as OriginalId & VersionId;

let clock = Date.parse('2026-11-01T09:00:00.000Z');
export const tick = (): string => new Date((clock += 60_000)).toISOString();

export const as = {
  buyer: (): CommandMetadata => ({ now: tick(), actorId: BUYER, actorRole: 'customer' }),
  seller: (): CommandMetadata => ({ now: tick(), actorId: SELLER, actorRole: 'company', actorCompanyId: SELLER_COMPANY }),
  outsider: (): CommandMetadata => ({ now: tick(), actorId: OUTSIDER, actorRole: 'company', actorCompanyId: 77 }),
  admin: (): CommandMetadata => ({ now: tick(), actorId: ADMIN, actorRole: 'admin' }),
  system: (): CommandMetadata => ({ now: tick(), actorId: 0, actorRole: 'system' }),
};

/** The project as the milestone rules see it: submitted. */
export const PROJECT: ProjectFacts = {
  status: 'submitted',
  customerId: BUYER,
  companyId: SELLER_COMPANY,
  retainagePercent: '0.00',
  siteState: null,
};
/** The same project with 5% retainage and its job site in Arizona: payments withhold retainage and exchange lien waivers. */
export const RETAINED: ProjectFacts = { ...PROJECT, retainagePercent: '5.00', siteState: 'AZ' };
export const DRAFT: ProjectFacts = { ...PROJECT, status: 'draft' };
/** The escrow agreement as it reads now, signed by both parties, listing `versionId` of the milestone (the original by default). */
export const SIGNED = (versionId: number | null = ORIGINAL): DepositAgreement => ({
  versionId: versionId === null ? null : asVersionId(versionId),
  customer: 'signed',
  company: 'signed',
});

export const payees = (): PayeeInput[] => [
  { companyId: SELLER_COMPANY, type: 'fixed', amount: '6000.00', includeFee: false },
  { companyId: SUB_COMPANY, type: 'percent', percentage: '25', includeFee: true },
  { companyId: 31, type: 'remainder', includeFee: false },
];

export const propose = (meta = as.seller(), project: ProjectFacts = PROJECT): MilestoneCommand => ({
  type: 'ProposeMilestone',
  data: {
    originalId: ORIGINAL,
    jobId: 7,
    title: 'Framing',
    definition: 'Walls and roof framed, inspected.',
    position: 1,
    payees: payees(),
    amount: '10000.00',
    payeeIds: [901, 902, 903],
  },
  metadata: meta,
  project,
});

/** given(events).when(command) → events, or throws the domain error. */
export function given(history: MilestoneEvent[]) {
  const state: MilestoneState = foldMilestone(history);
  return {
    state,
    when: (command: MilestoneCommand) => decideMilestone(command, state),
    then: (command: MilestoneCommand) => [...history, ...decideMilestone(command, state)],
  };
}

/** Runs commands in order from nothing, each on the state the previous ones produced. */
export function run(...commands: MilestoneCommand[]): MilestoneEvent[] {
  return commands.reduce<MilestoneEvent[]>((history, command) => given(history).then(command), []);
}

export const approve = (meta: ReturnType<typeof as.buyer>, versionId: number = ORIGINAL, project = PROJECT): MilestoneCommand => ({
  type: 'ApproveMilestoneVersion',
  data: { versionId: asVersionId(versionId) },
  metadata: meta,
  project,
});
export const reject = (meta: ReturnType<typeof as.buyer>, versionId: number = ORIGINAL): MilestoneCommand => ({
  type: 'RejectMilestoneVersion',
  data: { versionId: asVersionId(versionId), reason: 'Too expensive' },
  metadata: meta,
  project: PROJECT,
});
export const deposit = (depositId = 1, project = PROJECT, agreement = SIGNED()): MilestoneCommand => ({
  type: 'RequestDeposit',
  data: { depositId, bankAccountLast4: '6789', agreement },
  metadata: as.buyer(),
  project,
});
/** Settles with a return window of one day (clearsAt), unless told it clears at once. */
export const settle = (depositId = 1, windowMs = 0): MilestoneCommand => {
  const metadata = as.system();
  return {
    type: 'SettleDeposit',
    data: { depositId, providerReference: 'sandbox-1', responseDays: 30, clearsAt: new Date(Date.parse(metadata.now) + windowMs).toISOString() },
    metadata,
  };
};
export const complete = (meta: ReturnType<typeof as.buyer>, value = true): MilestoneCommand => ({
  type: 'MarkMilestoneComplete',
  data: { complete: value },
  metadata: meta,
  project: PROJECT,
});

/** The domain error an attempt throws (fails when it throws none or another error). */
export function domainErrorOf(attempt: () => unknown): DomainError {
  try {
    attempt();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The kind and message of the domain error an attempt throws. */
export function refusal(attempt: () => unknown): { kind: string; message: string } {
  const { kind, message } = domainErrorOf(attempt);
  return { kind, message };
}
