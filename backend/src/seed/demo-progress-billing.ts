import { Readable } from 'node:stream';

import type { BillingCommand, BillingProjectFacts, CommandMetadata, ProjectCommand } from '@escrow/domain';

import type { FileStore } from '../attachments';
import { billingStream, type EventStreams, type IdsService, projectStream } from '../command-side';
import type { DemoDirectory } from './demo-seed';

const DAY = 24 * 60 * 60 * 1000;
/** The scope of the demo's ids: the same key gives the same project and schedule id on every start. */
const SCOPE = 'demo-seed';

type BillingRequest = Omit<BillingCommand, 'metadata' | 'project'>;

/** The supplier's invoice for the wire stored on site: a one-page PDF the demo's first application names as its evidence. */
const WIRE_INVOICE = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Invoice 4471, Copper State Electrical Supply: 12/2 NM-B wire, 40 spools, $3,500.00, delivered to site\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** What the demo's billing may hold in files: the default of ATTACHMENT_MILESTONE_MAX_MB (the seed has no settings). */
const DEMO_BILLING_MAX_BYTES = 250 * 1024 * 1024;
/** The invoice's id in the billing (a UUID, fixed, so a second run names the same file). */
const WIRE_INVOICE_ID = '6f0c1d2e-8a3b-4c5d-9e7f-1a2b3c4d5e6f';

/**
 * The demo's progress-billed project (issue 38): a clinic fit-out by Saguaro Build Co. for the
 * demo buyer, its schedule of values approved, and two pay applications certified by the buyer
 * (the first as billed, the second with a reduced line the seller accepted), each releasing its
 * payment due. Made through the same commands people use, each with an idempotency key, so a
 * second run (a restart, a seed that stopped half way) appends nothing twice: the project and
 * schedule ids come back from their keys and each command's events from theirs.
 */
export async function seedDemoProgressBilling(streams: EventStreams, ids: IdsService, files: FileStore, demo: DemoDirectory): Promise<number> {
  const [saguaro, electric] = [demo.sellerCompanyId, demo.companyIds[1]!];
  let clock = Date.now() - 70 * DAY;
  const at = (daysLater = 0) => new Date((clock += daysLater * DAY + 60_000)).toISOString();
  const day = (daysLater = 0) => at(daysLater).slice(0, 10);
  const seller = (now: string): CommandMetadata => ({ now, actorId: demo.sellerId, actorRole: 'company', actorCompanyId: saguaro });
  const buyer = (now: string): CommandMetadata => ({ now, actorId: demo.buyerId, actorRole: 'customer', actorCompanyId: null });

  const jobId = await ids.forCreation('job_id_seq', SCOPE, 'progress-billed-project');
  const project = (key: string, command: Omit<ProjectCommand, 'metadata'>, metadata: CommandMetadata) =>
    streams.decide(projectStream, jobId, { ...command, metadata } as ProjectCommand, { idempotencyKey: `demo-progress-${key}` });
  const facts: BillingProjectFacts = { status: 'submitted', customerId: demo.buyerId, companyId: saguaro, billing: 'progress' };
  const billing = (key: string, request: BillingRequest, metadata: CommandMetadata) =>
    streams.decide(billingStream, jobId, { ...request, metadata, project: facts } as BillingCommand, { idempotencyKey: `demo-progress-${key}` });

  await project(
    'draft',
    { type: 'CreateJobDraft', data: { jobId, customerId: demo.buyerId, primaryCompanyId: saguaro, service: 'General Contracting', customerInitiated: false } },
    seller(at()),
  );
  await project('billing', { type: 'ChooseBillingMethod', data: { method: 'progress', milestoneCount: 0 } }, seller(at()));
  await project('submit', { type: 'SubmitJob', data: { milestoneCount: 0 } }, seller(at()));

  const versionId = await ids.forCreation('billing_id_seq', SCOPE, 'progress-billed-schedule');
  const lines = [
    { number: '1', description: 'Demolition and site protection', scheduledValue: '18000.00', payeeId: saguaro, retainage: { rate: '10' } },
    {
      number: '2',
      description: 'Framing and drywall',
      scheduledValue: '42000.00',
      payeeId: saguaro,
      retainage: { rate: '10', reduction: { toRate: '5', atPercentComplete: '50' } },
    },
    { number: '3', description: 'Electrical rough-in and fixtures', scheduledValue: '26000.00', payeeId: electric, retainage: { rate: '10' } },
  ];
  await billing('schedule', { type: 'ProposeSchedule', data: { jobId, versionId, lines } }, seller(at(1)));
  await billing('approve', { type: 'ApproveSchedule', data: { versionId } }, buyer(at(2)));
  // The invoice of the wire stored on site, uploaded to the billing as a person would (the same bytes are stored once).
  const invoice = await files.put(Readable.from([WIRE_INVOICE]), { maxBytes: WIRE_INVOICE.length });
  const file = { name: 'Invoice 4471 wire.pdf', size: invoice.size, mediaType: 'application/pdf', sha256: invoice.sha256, thumbnailSha256: null };
  await billing(
    'wire-invoice',
    {
      type: 'AddBillingFile',
      data: { attachmentId: WIRE_INVOICE_ID, file: { ...file, originalSha256: invoice.sha256, originalSize: invoice.size }, maxBytes: DEMO_BILLING_MAX_BYTES },
    },
    seller(at()),
  );

  // Pay application 1: demolition done, framing started, wire on site; certified as billed (accepted and released with it).
  await billing(
    'application-1',
    {
      type: 'SubmitPayApplication',
      data: {
        periodTo: day(20),
        lines: [
          { line: '1', workPercent: '100' },
          { line: '2', workAmount: '12000.00' },
          { line: '3', workAmount: '4000.00', storedMaterials: '3500.00', evidence: [WIRE_INVOICE_ID] },
        ],
      },
    },
    seller(at()),
  );
  await billing(
    'certify-1',
    { type: 'CertifyPayApplication', data: { applicationNumber: 1, revision: 1, lines: ['1', '2', '3'].map((line) => ({ line, decision: 'as_billed' })) } },
    buyer(at(2)),
  );
  // Pay application 2: framing past half way; the buyer certifies less electrical work than billed, and the seller accepts.
  await billing(
    'application-2',
    {
      type: 'SubmitPayApplication',
      data: {
        periodTo: day(28),
        lines: [
          { line: '2', workAmount: '16000.00' },
          { line: '3', workAmount: '9000.00', storedMaterials: '1000.00' },
        ],
      },
    },
    seller(at()),
  );
  await billing(
    'certify-2',
    {
      type: 'CertifyPayApplication',
      data: {
        applicationNumber: 2,
        revision: 1,
        lines: [
          { line: '2', decision: 'as_billed' },
          {
            line: '3',
            decision: 'reduced',
            workThisPeriod: '7000.00',
            storedMaterials: '1000.00',
            reason: 'Panel schedule not yet labelled; the fixtures on level 2 are not hung.',
          },
        ],
      },
    },
    buyer(at(3)),
  );
  await billing('accept-2', { type: 'AcceptCertification', data: { applicationNumber: 2, revision: 1 } }, seller(at(1)));
  return jobId;
}
