import {
  asOriginalId,
  type CommandMetadata,
  comparePositions,
  firstVersionOf,
  type GlobalPosition,
  type MilestoneCommand,
  type OriginalId,
  type PayeeInput,
  type ProjectFacts,
} from '@escrow/domain';
import type { ProjectionRunner } from '@escrow/projections';

import type { AgreementsService } from '../agreements';
import { type EventStreams, type IdsService, milestoneStream, projectStream } from '../command-side';
import type { DemoDirectory } from './demo-seed';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo projects in every interesting state, made through the same commands people use, so the
 * portal and the admin console have something to show on the first `make start`: a kitchen remodel
 * with one milestone paid, one funded and one awaiting approval, and a roof with an open dispute.
 * Times are spread over the last months so the reports have history.
 */
export async function seedDemoProjects(
  streams: EventStreams,
  ids: IdsService,
  agreements: AgreementsService,
  runner: ProjectionRunner,
  demo: DemoDirectory,
  responseDays: number,
): Promise<void> {
  const [saguaro, electric, roofing] = [demo.companyIds[0]!, demo.companyIds[1]!, demo.companyIds[2]!];
  let clock = Date.now() - 75 * DAY;
  const at = (daysLater = 0) => new Date((clock += daysLater * DAY + 60_000)).toISOString();
  const seller = (now: string): CommandMetadata => ({ now, actorId: demo.sellerId, actorRole: 'company', actorCompanyId: demo.sellerCompanyId });
  const buyer = (now: string): CommandMetadata => ({ now, actorId: demo.buyerId, actorRole: 'customer', actorCompanyId: null });
  const provider = (now: string): CommandMetadata => ({ now, actorId: 0, actorRole: 'system', actorCompanyId: null });

  // What the milestone rules know of the demo projects: submitted and signed once the seed says so.
  const facts = new Map<number, ProjectFacts>();
  const project = async (service: string, customerInitiated: boolean) => {
    const [projectId] = await ids.next('job_id_seq');
    const meta = customerInitiated ? buyer(at()) : seller(at());
    await noted(
      streams.decide(projectStream, projectId!, {
        type: 'CreateJobDraft',
        data: { jobId: projectId!, customerId: demo.buyerId, primaryCompanyId: saguaro, service, customerInitiated },
        metadata: meta,
      }),
    );
    facts.set(projectId!, {
      status: 'draft',
      customerId: demo.buyerId,
      companyId: saguaro,
      retainagePercent: '0.00',
      siteState: null,
    });
    return { jobId: projectId!, starter: customerInitiated ? buyer : seller };
  };
  const submit = async ({ jobId: projectId, starter }: { jobId: number; starter: (now: string) => CommandMetadata }) => {
    const meta = starter(at());
    await noted(streams.decide(projectStream, projectId, { type: 'SubmitJob', data: { milestoneCount: 0 }, metadata: meta }));
    facts.set(projectId, { ...facts.get(projectId)!, status: 'submitted' });
  };
  // The agreement's text is drawn up from the read models: let them catch up with the seed first.
  let latest: GlobalPosition | null = null;
  const noted = async <T extends { append: { position: GlobalPosition } | null }>(decided: Promise<T>): Promise<T> => {
    const result = await decided;
    if (result.append && (!latest || comparePositions(result.append.position, latest) > 0)) latest = result.append.position;
    return result;
  };
  const readModelsCaughtUp = async () => {
    if (latest && !(await runner.waitFor(latest, { timeoutMs: 30_000 })))
      throw new Error('The read models did not catch up with the demo projects within 30 s.');
  };
  const sign = async (projectId: number) => {
    await readModelsCaughtUp();
    for (const [party, metadata, name] of [
      ['customer', buyer(at()), 'Jordan Buyer'],
      ['company', seller(at()), 'Sam Seller'],
    ] as const) {
      const { hash } = await agreements.compose(projectId);
      await agreements.sign(projectId, metadata, { party, signedName: name, legalName: name, readHash: hash });
    }
  };
  const milestone = async (projectId: number, title: string, definition: string, payees: PayeeInput[], amount: string | null = null) => {
    const originalId = asOriginalId((await ids.next('milestone_version_id_seq'))[0]!);
    const payeeIds = await ids.next('milestone_payee_id_seq', payees.length);
    const meta = seller(at(2));
    // As the app adds one: the project's stream lists it first (docs/architecture.md, "Decisions that span streams").
    await noted(streams.decide(projectStream, projectId, { type: 'AddProjectMilestone', data: { originalId }, metadata: meta }));
    const command: MilestoneCommand = {
      type: 'ProposeMilestone',
      data: { originalId, jobId: projectId, title, definition, position: 1, payees, amount, payeeIds },
      metadata: meta,
      project: facts.get(projectId)!,
    };
    await noted(streams.decide(milestoneStream, originalId, command));
    return originalId;
  };
  const decide = (projectId: number, originalId: OriginalId, metadata: CommandMetadata, command: Omit<MilestoneCommand, 'metadata' | 'project'>) =>
    noted(streams.decide(milestoneStream, originalId, { ...command, metadata, project: facts.get(projectId)! } as MilestoneCommand));
  const agree = async (projectId: number, originalId: OriginalId) => {
    await decide(projectId, originalId, buyer(at(1)), { type: 'ApproveMilestoneVersion', data: { versionId: firstVersionOf(originalId) } });
    const metadata = seller(at());
    const agreed = await decide(projectId, originalId, metadata, { type: 'ApproveMilestoneVersion', data: { versionId: firstVersionOf(originalId) } });
    await agreements.recordAgreed(projectId, agreed, metadata);
  };
  const fund = async (projectId: number, originalId: OriginalId) => {
    const [depositId] = await ids.next('deposit_id_seq');
    const agreement = await agreements.forDeposit(projectId, originalId);
    await decide(projectId, originalId, buyer(at(1)), { type: 'RequestDeposit', data: { depositId: depositId!, bankAccountLast4: '6789', agreement } });
    const settledAt = at(3);
    const clearsAt = new Date(Date.parse(settledAt) + 2 * DAY).toISOString();
    const settled = await decide(projectId, originalId, provider(settledAt), {
      type: 'SettleDeposit',
      data: { depositId: depositId!, providerReference: `sbx_demo_${depositId}`, responseDays, clearsAt },
    });
    // When the running sandbox provider settled it first (in real time), its return window is
    // real too: the payments dispatcher clears it when the window ends.
    if (settled.events.length > 0) await decide(projectId, originalId, provider(at(3)), { type: 'ClearDeposit', data: { depositId: depositId! } });
  };

  // A kitchen remodel: demolition paid out, cabinets funded, finishes awaiting the buyer.
  const kitchenProject = await project('General Contracting', false);
  const kitchen = kitchenProject.jobId;
  const demolition = await milestone(kitchen, 'Demolition', 'Old kitchen removed, debris hauled away, walls open for inspection.', [
    { companyId: saguaro, type: 'fixed', amount: '4200.00', includeFee: false },
  ]);
  await submit(kitchenProject);
  await agree(kitchen, demolition);
  await sign(kitchen);
  await fund(kitchen, demolition);
  await decide(kitchen, demolition, seller(at(9)), { type: 'MarkMilestoneComplete', data: { complete: true } });
  await decide(kitchen, demolition, buyer(at(1)), { type: 'MarkMilestoneComplete', data: { complete: true } });
  const cabinets = await milestone(
    kitchen,
    'Cabinets and counters',
    'Cabinets hung and level, quartz counters installed, under-cabinet lighting wired.',
    [
      { companyId: saguaro, type: 'fixed', amount: '9500.00', includeFee: false },
      { companyId: electric, type: 'percent', percentage: '12', includeFee: true },
      { companyId: roofing, type: 'remainder', includeFee: false },
    ],
    '12000.00',
  );
  await agree(kitchen, cabinets);
  // A milestone agreed after signing changes the agreement's text: both sign it again before its deposit.
  await sign(kitchen);
  await fund(kitchen, cabinets);
  await milestone(kitchen, 'Final finishes', 'Paint, trim, backsplash and a final walkthrough with the owner.', [
    { companyId: saguaro, type: 'fixed', amount: '3800.00', includeFee: true },
  ]);

  // A roof replacement started by the buyer, funded, now disputed.
  const roofProject = await project('Roofing', true);
  const roof = roofProject.jobId;
  const tearOff = await milestone(
    roof,
    'Tear-off and new roof',
    'Old shingles removed, underlayment and architectural shingles installed, passes inspection.',
    [{ companyId: saguaro, type: 'fixed', amount: '15800.00', includeFee: false }],
  );
  await submit(roofProject);
  await agree(roof, tearOff);
  await sign(roof);
  await fund(roof, tearOff);
  const [disputeId] = await ids.next('dispute_id_seq');
  await decide(roof, tearOff, buyer(at(5)), {
    type: 'OpenDispute',
    data: { disputeId: disputeId!, statement: 'Water came through the ceiling in the first storm; the flashing around the chimney was never replaced.' },
  });
  await decide(roof, tearOff, seller(at(1)), {
    type: 'RespondToDispute',
    data: { statement: 'The chimney flashing was outside our scope; we can replace it for the quoted change order.' },
  });
}
