import type { CommandMetadata } from '../shared/command';
import { DomainError } from '../shared/errors';
import { decideBilling } from './billing.decider';
import { evolveBilling, foldBilling } from './billing.evolve';
import { type ActiveBilling, type BillingState, initialBillingState } from './billing.state';
import type { BillingCommand, BillingProjectFacts } from './commands';
import type { BillingEvent } from './events';
import type { ScheduleLineInput } from './schedule';

/** Fixtures of the billing specs: project 7 between buyer 10 and company 20, subcontractors 30 and 31, an architect (user 40 of company 41). */
export const BUYER = 10;
const SELLER = 21;
export const SELLER_COMPANY = 20;
export const SUB = 30;
export const ARCHITECT = 40;
const ARCHITECT_COMPANY = 41;
export const JOB = 7;

let clock = Date.parse('2026-11-01T09:00:00.000Z');
const tick = (): string => new Date((clock += 60_000)).toISOString();

export const as = {
  buyer: (): CommandMetadata => ({ now: tick(), actorId: BUYER, actorRole: 'customer' }),
  seller: (): CommandMetadata => ({ now: tick(), actorId: SELLER, actorRole: 'company', actorCompanyId: SELLER_COMPANY }),
  architect: (): CommandMetadata => ({ now: tick(), actorId: ARCHITECT, actorRole: 'company', actorCompanyId: ARCHITECT_COMPANY }),
  outsider: (): CommandMetadata => ({ now: tick(), actorId: 99, actorRole: 'company', actorCompanyId: 77 }),
  system: (): CommandMetadata => ({ now: tick(), actorId: 0, actorRole: 'system' }),
};

export const PROGRESS: BillingProjectFacts = { status: 'submitted', customerId: BUYER, companyId: SELLER_COMPANY, billing: 'progress' };

/** The worked example's schedule (docs/progress-billing.md#a-worked-example). */
export const exampleLines = (): ScheduleLineInput[] => [
  { number: '1', description: 'Site work', scheduledValue: '20000.00', payeeId: SELLER_COMPANY, retainage: { rate: '10' } },
  {
    number: '2',
    description: 'Concrete',
    scheduledValue: '30000.00',
    payeeId: SUB,
    retainage: { rate: '10', reduction: { toRate: '5', atPercentComplete: '50' } },
  },
  { number: '3', description: 'Framing', scheduledValue: '50000.00', payeeId: SELLER_COMPANY, retainage: { rate: '10' } },
];

type Data<T extends BillingCommand['type']> = Extract<BillingCommand, { type: T }>['data'];

/** A command of the given type, by the given actor, on the progress-billed project. */
export function command<T extends BillingCommand['type']>(type: T, data: Data<T>, metadata: CommandMetadata, project = PROGRESS): BillingCommand {
  return { type, data, metadata, project } as BillingCommand;
}

/** Decides and folds: the events and the state they lead to. */
export function run(state: BillingState, cmd: BillingCommand): { events: BillingEvent[]; state: BillingState } {
  const events = decideBilling(cmd, state);
  return { events, state: events.reduce(evolveBilling, state) };
}

export function given(...commands: BillingCommand[]): ActiveBilling {
  let state = initialBillingState;
  for (const c of commands) state = foldBilling(decideBilling(c, state), state);
  if (state.status !== 'active') throw new Error('no billing state');
  return state;
}

/** A file uploaded to the project's billing (a PDF of `size` bytes) by `metadata`'s party. */
export const uploaded = (attachmentId: string, metadata = as.seller(), size = 1000): BillingCommand =>
  command(
    'AddBillingFile',
    {
      attachmentId,
      file: {
        name: `${attachmentId}.pdf`,
        size,
        mediaType: 'application/pdf',
        sha256: 'a'.repeat(64),
        thumbnailSha256: null,
        originalSha256: 'a'.repeat(64),
        originalSize: size,
      },
      maxBytes: 250 * 1024 * 1024,
    },
    metadata,
  );

/** The files the specs' applications and change orders name: invoices and photos of stored materials, a change order's drawing. */
const EXAMPLE_FILES = ['inv-concrete-1', 'photo-lumber', 'co-1-drawing', 'ev-1'];

/** The project with the worked example's schedule proposed by the seller and approved by the buyer, and the example's files uploaded. */
export const approvedSchedule = (): BillingCommand[] => [
  command('ProposeSchedule', { jobId: JOB, versionId: 1, lines: exampleLines() }, as.seller()),
  command('ApproveSchedule', { versionId: 1 }, as.buyer()),
  ...EXAMPLE_FILES.map((id) => uploaded(id)),
];

/** The refusal a command meets, to assert on its code, message and problems. */
export function refusal(state: BillingState, cmd: BillingCommand): DomainError {
  try {
    decideBilling(cmd, state);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`${cmd.type} was not refused`);
}

/** Application 1 of the worked example (to Nov 30), as the seller submits it. */
export const firstApplication = (project = PROGRESS) =>
  command(
    'SubmitPayApplication',
    {
      periodTo: '2026-11-30',
      lines: [
        { line: '1', workPercent: '50' },
        { line: '2', workAmount: '12000.00', storedMaterials: '3000.00', evidence: ['inv-concrete-1'] },
        { line: '3', storedMaterials: '5000.00', evidence: ['photo-lumber'] },
      ],
    },
    as.seller(),
    project,
  );

/** The buyer certifies every line of an application as billed. */
export const allAsBilled = (applicationNumber: number, revision = 1, lines = ['1', '2', '3'], project = PROGRESS) =>
  command(
    'CertifyPayApplication',
    { applicationNumber, revision, lines: lines.map((line) => ({ line, decision: 'as_billed' as const })) },
    as.buyer(),
    project,
  );

/** The worked example's application 1, certified as billed: $13,500.00 due to each payee, $1,500.00 retained from each (it draws $30,000.00). */
export const firstApplicationCertified = (project = PROGRESS): BillingCommand[] => [firstApplication(project), allAsBilled(1, 1, undefined, project)];

/** A $30,000.00 deposit, settled and cleared: application 1's payment is funded from it. */
export const clearedDeposit = () => [
  command(
    'RequestBillingDeposit',
    { depositId: 301, amount: '30000.00', bankAccountLast4: null, agreement: { customer: 'signed', company: 'signed' } },
    as.buyer(),
  ),
  command('SettleBillingDeposit', { depositId: 301, providerReference: 'sbx-301', clearsAt: '2026-11-01T00:00:00.000Z' }, as.system()),
  command('ClearBillingDeposit', { depositId: 301 }, as.system()),
];
