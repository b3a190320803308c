import { retainageStanding } from './billing.decide.retainage';
import { decideBilling } from './billing.decider';
import { foldBilling } from './billing.evolve';
import type { ActiveBilling, BillingState } from './billing.state';
import {
  allAsBilled,
  approvedSchedule,
  ARCHITECT,
  as,
  BUYER,
  clearedDeposit,
  command,
  exampleLines,
  firstApplication,
  given,
  JOB,
  PROGRESS,
  refusal,
  run,
  SELLER_COMPANY,
  SUB,
  uploaded,
} from './billing.test-kit';

describe('the schedule of values', () => {
  it('is proposed by the seller and becomes the schedule when the buyer approves it', () => {
    const s = given(...approvedSchedule());
    expect(s.currentVersionId).toBe(1);
    expect(s.lines.map((l) => [l.number, l.scheduledValue, l.originalValue, l.payeeId])).toEqual([
      ['1', '20000.00', '20000.00', SELLER_COMPANY],
      ['2', '30000.00', '30000.00', SUB],
      ['3', '50000.00', '50000.00', SELLER_COMPANY],
    ]);
    expect(s.lines[1]!.retainage).toEqual({ rate: '10.00', reduction: { toRate: '5.00', atPercentComplete: '50.00' } });
  });

  it('keeps every version: a rejected one, and the edit that replaced it', () => {
    const s = given(
      command('ProposeSchedule', { jobId: JOB, versionId: 1, lines: exampleLines() }, as.seller()),
      command('RejectSchedule', { versionId: 1, reason: 'Split framing into two lines.' }, as.buyer()),
      command('ProposeSchedule', { jobId: JOB, versionId: 2, lines: exampleLines().slice(0, 2) }, as.seller()),
      command('ApproveSchedule', { versionId: 2 }, as.buyer()),
    );
    expect(s.versions.map((v) => [v.versionId, v.basedOnVersionId, v.status, v.rejection?.reason ?? null])).toEqual([
      [1, null, 'rejected', 'Split framing into two lines.'],
      [2, 1, 'current', null],
    ]);
  });

  it('is proposed by the seller only and approved by the buyer only', () => {
    expect(refusal({ status: 'none' }, command('ProposeSchedule', { jobId: JOB, versionId: 1, lines: exampleLines() }, as.buyer())).code).toBe('seller_only');
    const proposed = given(command('ProposeSchedule', { jobId: JOB, versionId: 1, lines: exampleLines() }, as.seller()));
    expect(refusal(proposed, command('ApproveSchedule', { versionId: 1 }, as.seller())).code).toBe('buyer_only');
    expect(refusal(proposed, command('ApproveSchedule', { versionId: 1 }, as.outsider())).code).toBe('not_a_party');
  });

  it('is refused on a project that bills by milestones', () => {
    const milestones = { ...PROGRESS, billing: 'milestones' as const };
    expect(refusal({ status: 'none' }, command('ProposeSchedule', { jobId: JOB, versionId: 1, lines: exampleLines() }, as.seller(), milestones)).code).toBe(
      'not_progress_billed',
    );
  });

  it('lists every broken rule of a proposal, line by line', () => {
    const error = refusal(
      { status: 'none' },
      command(
        'ProposeSchedule',
        {
          jobId: JOB,
          versionId: 1,
          lines: [
            { number: '1', description: 'Site work', scheduledValue: '-5', payeeId: SELLER_COMPANY },
            { number: '1', description: '', scheduledValue: '10.001', payeeId: 0, retainage: { rate: '12' } },
          ],
        },
        as.seller(),
      ),
    );
    expect(error.code).toBe('schedule_invalid');
    expect(error.details.problems?.map((p) => [p.line, p.code])).toEqual([
      ['1', 'scheduled_value'],
      ['1', 'duplicate_line'],
      ['1', 'line_description'],
      ['1', 'scheduled_value'],
      ['1', 'line_payee'],
      ['1', 'retainage_rate'],
    ]);
  });

  it('changes only by change orders once a pay application bills against it', () => {
    const s = given(...approvedSchedule(), firstApplication());
    expect(refusal(s, command('ProposeSchedule', { jobId: JOB, versionId: 2, lines: exampleLines() }, as.seller())).code).toBe('schedule_locked');
  });
});

describe('pay applications', () => {
  it('records the lines as billed, a percentage turned into its amount, and the G702 as billed', () => {
    const { events } = run(given(...approvedSchedule()), firstApplication());
    expect(events).toHaveLength(1);
    const [submitted] = events;
    if (submitted?.type !== 'PayApplicationSubmitted') throw new Error(submitted?.type);
    expect(submitted.data.lines[0]).toEqual({ line: '1', workThisPeriod: '10000.00', workPercent: '50.00', storedMaterials: '0.00', evidence: [] });
    expect(submitted.data.billed.currentPaymentDue).toBe('27000.00');
    expect(submitted.data.applicationNumber).toBe(1);
  });

  it('refuses a submission with one message per broken rule, naming each line', () => {
    const s = given(...approvedSchedule());
    const error = refusal(
      s,
      command(
        'SubmitPayApplication',
        {
          periodTo: '2026-11-30',
          lines: [
            { line: '1', workAmount: '25000.00' },
            { line: '2', storedMaterials: '1000.00' },
            { line: '3', workAmount: '10', workPercent: '5' },
            { line: '9', workAmount: '1' },
          ],
        },
        as.seller(),
      ),
    );
    expect(error.code).toBe('pay_application_invalid');
    expect(error.details.problems?.map((p) => [p.line, p.code])).toEqual([
      ['3', 'work_amount_or_percent'],
      ['9', 'unknown_line'],
      ['1', 'over_scheduled_value'],
      ['2', 'stored_evidence_required'],
    ]);
    expect(error.message).toContain('This pay application breaks 4 rules.');
    expect(error.message).toContain('Line 1: $25,000.00 completed and stored to date would be more than its scheduled value of $20,000.00');
  });

  it('lets stored materials leave "stored" only as work billed on the line', () => {
    const s = given(...approvedSchedule(), firstApplication(), allAsBilled(1));
    const error = refusal(
      s,
      command('SubmitPayApplication', { periodTo: '2026-12-31', lines: [{ line: '3', workAmount: '1000.00', storedMaterials: '0.00' }] }, as.seller()),
    );
    expect(error.code).toBe('stored_not_billed_as_work');
    expect(error.details.problems).toHaveLength(1);
  });

  it('takes one application at a time, for a later period', () => {
    const open = given(...approvedSchedule(), firstApplication());
    expect(refusal(open, firstApplication()).code).toBe('application_open');
    const done = given(...approvedSchedule(), firstApplication(), allAsBilled(1));
    expect(refusal(done, command('SubmitPayApplication', { periodTo: '2026-11-15', lines: [{ line: '1', workAmount: '1' }] }, as.seller())).code).toBe(
      'period_order',
    );
  });

  it('releases the payment due at once when every line is certified as billed', () => {
    const { events, state } = run(given(...approvedSchedule(), firstApplication()), allAsBilled(1));
    expect(events.map((e) => e.type)).toEqual(['PayApplicationCertified', 'PayApplicationAccepted', 'PayApplicationPaymentReleased']);
    expect(events[2]!.data).toMatchObject({
      payees: [
        { payeeId: SELLER_COMPANY, amount: '13500.00' },
        { payeeId: SUB, amount: '13500.00' },
      ],
      total: '27000.00',
    });
    expect((state as { toDate: Record<string, { workCompleted: string }> }).toDate['2']!.workCompleted).toBe('12000.00');
  });

  it('waits for the seller when a line was reduced, then releases the certified amount', () => {
    const reduced = command(
      'CertifyPayApplication',
      {
        applicationNumber: 1,
        revision: 1,
        lines: [
          { line: '1', decision: 'reduced', workThisPeriod: '8000.00', storedMaterials: '0.00', reason: 'Grading of the east side not done.' },
          { line: '2', decision: 'as_billed' },
          { line: '3', decision: 'refused', reason: 'No delivery ticket for the lumber.' },
        ],
      },
      as.buyer(),
    );
    const certified = run(given(...approvedSchedule(), firstApplication()), reduced);
    expect(certified.events.map((e) => e.type)).toEqual(['PayApplicationCertified']);
    const accepted = run(certified.state, command('AcceptCertification', { applicationNumber: 1, revision: 1 }, as.seller()));
    // Line 1: 8,000 less 10%; line 2: 13,500; line 3: nothing.
    expect(accepted.events[1]!.data).toMatchObject({
      payees: [
        { payeeId: SELLER_COMPANY, amount: '7200.00' },
        { payeeId: SUB, amount: '13500.00' },
      ],
    });
  });

  it('keeps materials as stored or certifies them as work, never both, when it reduces', () => {
    // Line 3 holds $5,000.00 of lumber; the seller bills it as installed work, stored down to 0.
    const s = given(
      ...approvedSchedule(),
      firstApplication(),
      allAsBilled(1),
      command('SubmitPayApplication', { periodTo: '2026-12-31', lines: [{ line: '3', workAmount: '5000.00', storedMaterials: '0.00' }] }, as.seller()),
    );
    const certify = (workThisPeriod: string, storedMaterials: string) =>
      command(
        'CertifyPayApplication',
        {
          applicationNumber: 2,
          revision: 1,
          lines: [{ line: '3', decision: 'reduced', workThisPeriod, storedMaterials, reason: 'Lumber still in the yard.' }],
        },
        as.buyer(),
      );
    const both = refusal(s, certify('5000.00', '5000.00'));
    expect(both.details.problems?.map((p) => [p.line, p.code])).toEqual([['3', 'reduction_above_billed']]);
    expect(both.details.problems?.[0]?.message).toContain('$10,000.00 of work and stored materials certified against $5,000.00 billed');
    expect(refusal(s, certify('1.00', '5000.00')).code).toBe('reduction_above_billed');
    // Not installed: the lumber stays stored and no work is certified; or part of it is installed.
    expect(run(s, certify('0.00', '5000.00')).events.map((e) => e.type)).toEqual(['PayApplicationCertified']);
    expect(run(s, certify('2000.00', '3000.00')).events.map((e) => e.type)).toEqual(['PayApplicationCertified']);
  });

  it('needs a reason for a reduced or refused line, and a decision on every billed line', () => {
    const s = given(...approvedSchedule(), firstApplication());
    const error = refusal(
      s,
      command(
        'CertifyPayApplication',
        {
          applicationNumber: 1,
          revision: 1,
          lines: [
            { line: '1', decision: 'refused', reason: ' ' },
            { line: '2', decision: 'as_billed' },
          ],
        },
        as.buyer(),
      ),
    );
    expect(error.details.problems?.map((p) => [p.line, p.code])).toEqual([
      ['1', 'reason_required'],
      ['3', 'decision_required'],
    ]);
  });

  it('is revised and resubmitted instead of accepted, and certified again', () => {
    const refused = command(
      'CertifyPayApplication',
      {
        applicationNumber: 1,
        revision: 1,
        lines: [
          { line: '1', decision: 'as_billed' },
          { line: '2', decision: 'as_billed' },
          { line: '3', decision: 'refused', reason: 'No invoice.' },
        ],
      },
      as.buyer(),
    );
    const revised = command(
      'RevisePayApplication',
      {
        applicationNumber: 1,
        lines: [
          { line: '1', workPercent: '50' },
          { line: '2', workAmount: '12000', storedMaterials: '3000', evidence: ['inv-concrete-1'] },
        ],
      },
      as.seller(),
    );
    const s = given(...approvedSchedule(), firstApplication(), refused, revised);
    expect(s.applications[0]).toMatchObject({ revision: 2, status: 'submitted' });
    expect(s.applications[0]!.revisions[0]!.certification?.lines[2]?.decision).toBe('refused');
    expect(refusal(s, allAsBilled(1, 1, ['1', '2'])).code).toBe('revision_changed');
    expect(run(s, allAsBilled(1, 2, ['1', '2'])).events.map((e) => e.type)).toContain('PayApplicationPaymentReleased');
  });
});

describe('the certifier', () => {
  const named = () => command('NameCertifier', { userId: ARCHITECT, companyId: 41 }, as.buyer());

  it('certifies once the buyer named them, and does nothing else', () => {
    const s = given(...approvedSchedule(), named(), firstApplication());
    const certify = { ...allAsBilled(1), metadata: as.architect() };
    const { events } = run(s, certify);
    expect(events[0]).toMatchObject({ type: 'PayApplicationCertified', data: { by: ARCHITECT, byRole: 'certifier' } });
    expect(
      refusal(s, command('ProposeChangeOrder', { changeOrderId: 1, reason: 'x', changes: [{ line: '1', scheduledValue: '1' }] }, as.architect())).code,
    ).toBe('not_a_party');
  });

  it('cannot be one of the seller’s people, and stops certifying when removed', () => {
    const s = given(...approvedSchedule());
    expect(refusal(s, command('NameCertifier', { userId: 22, companyId: SELLER_COMPANY }, as.buyer())).code).toBe('certifier_is_seller');
    expect(refusal(s, command('NameCertifier', { userId: ARCHITECT, companyId: 41 }, as.seller())).code).toBe('buyer_only');
    const removed = given(...approvedSchedule(), named(), command('RemoveCertifier', {}, as.buyer()), firstApplication());
    expect(refusal(removed, { ...allAsBilled(1), metadata: as.architect() }).code).toBe('not_a_party');
    expect(refusal(removed, { ...allAsBilled(1), metadata: as.seller() }).code).toBe('certifier_only');
  });
});

/** The state after one more command. */
const foldBillingWith = (state: BillingState, cmd: Parameters<typeof decideBilling>[0]): BillingState => foldBilling(decideBilling(cmd, state), state);

describe('inviting a certifier by email', () => {
  const INVITATION = '6b1f0c1e-7d2a-4c1b-9a3e-2f4d5c6b7a80';
  const invite = (expiresAt = '2026-12-31T00:00:00.000Z', meta = as.buyer()) => command('InviteCertifier', { invitationId: INVITATION, expiresAt }, meta);
  const accept = (meta = as.architect(), companyId: number | null = 41) => command('AcceptCertifierInvitation', { invitationId: INVITATION, companyId }, meta);

  it('names the person who accepts the link, once, and they certify', () => {
    const invited = run(given(...approvedSchedule()), invite());
    expect(invited.events).toEqual([
      { type: 'CertifierInvited', data: { jobId: JOB, invitationId: INVITATION, expiresAt: '2026-12-31T00:00:00.000Z', by: BUYER, at: expect.any(String) } },
    ]);
    const accepted = run(invited.state, accept());
    expect(accepted.events).toEqual([
      { type: 'CertifierNamed', data: { jobId: JOB, userId: ARCHITECT, by: BUYER, invitationId: INVITATION, at: expect.any(String) } },
    ]);
    expect(accepted.state).toMatchObject({ certifier: { userId: ARCHITECT, namedBy: BUYER } });
    expect(refusal(accepted.state, accept()).code).toBe('invitation_used');
    const applied = foldBillingWith(accepted.state, firstApplication());
    expect(run(applied, { ...allAsBilled(1), metadata: as.architect() }).events[0]).toMatchObject({ data: { byRole: 'certifier' } });
  });

  it('is the buyer’s to send, and the link stops working when it expires', () => {
    const s = given(...approvedSchedule());
    expect(refusal(s, invite(undefined, as.seller())).code).toBe('buyer_only');
    expect(refusal(s, invite(undefined, as.architect())).code).toBe('not_a_party');
    const late = given(...approvedSchedule(), invite('2026-11-01T00:00:00.000Z'));
    expect(refusal(late, accept()).code).toBe('invitation_expired');
    expect(refusal(given(...approvedSchedule()), accept()).code).toBe('invitation_not_found');
  });

  it('refuses the seller’s own people and the buyer as the one who accepts', () => {
    const s = given(...approvedSchedule(), invite());
    expect(refusal(s, accept(as.seller(), SELLER_COMPANY)).code).toBe('certifier_is_seller');
    expect(refusal(s, accept(as.buyer(), null)).code).toBe('certifier_is_buyer');
  });

  it('is withdrawn by the buyer while its link works, and the link then refuses', () => {
    const revoke = (meta = as.buyer(), invitationId = INVITATION) => command('RevokeCertifierInvitation', { invitationId }, meta);
    const invited = given(...approvedSchedule(), invite());
    expect(refusal(invited, revoke(as.seller())).code).toBe('buyer_only');
    expect(refusal(invited, revoke(as.architect())).code).toBe('not_a_party');
    expect(refusal(invited, revoke(as.buyer(), '00000000-0000-4000-8000-000000000000')).code).toBe('invitation_not_found');
    const revoked = run(invited, revoke());
    expect(revoked.events).toEqual([{ type: 'CertifierInvitationRevoked', data: { jobId: JOB, invitationId: INVITATION, by: BUYER, at: expect.any(String) } }]);
    expect(refusal(revoked.state, accept()).code).toBe('invitation_revoked');
    expect(refusal(revoked.state, revoke()).code).toBe('invitation_not_pending');
    // A used or expired link is no longer the buyer's to withdraw.
    expect(refusal(run(invited, accept()).state, revoke()).code).toBe('invitation_not_pending');
    expect(refusal(given(...approvedSchedule(), invite('2026-11-01T00:00:00.000Z')), revoke()).code).toBe('invitation_not_pending');
  });
});

describe('change orders', () => {
  const afterFirst = (): BillingState => given(...approvedSchedule(), firstApplication(), allAsBilled(1));
  const order = (changes: { line: string; scheduledValue: string }[], meta = as.seller()) =>
    command(
      'ProposeChangeOrder',
      {
        changeOrderId: 1,
        reason: 'Owner asked for a deck.',
        attachmentIds: ['co-1-drawing'],
        changes,
        newLines: [{ number: '4', description: 'Deck', scheduledValue: '8000', payeeId: 31, retainage: { rate: '10' } }],
      },
      meta,
    );

  it('changes the contract sum when the other party approves it, and shows on the next application', () => {
    const s = given(...approvedSchedule(), firstApplication(), allAsBilled(1), order([{ line: '3', scheduledValue: '55000' }]));
    expect(refusal(s, command('ApproveChangeOrder', { changeOrderId: 1 }, as.seller())).code).toBe('own_change_order');
    const approved = run(s, command('ApproveChangeOrder', { changeOrderId: 1 }, as.buyer()));
    expect(approved.events[0]!.data).toMatchObject({ contractSumBefore: '100000.00', contractSumAfter: '113000.00' });
    const next = run(approved.state, command('SubmitPayApplication', { periodTo: '2026-12-31', lines: [{ line: '4', workAmount: '2000' }] }, as.seller()));
    expect(next.events[0]!.data).toMatchObject({
      billed: { originalContractSum: '100000.00', netChangeByChangeOrders: '13000.00', contractSumToDate: '113000.00' },
    });
  });

  it('cannot take a line below what was certified on it', () => {
    const error = refusal(afterFirst(), order([{ line: '2', scheduledValue: '14999.99' }], as.buyer()));
    expect(error.code).toBe('below_certified');
    expect(error.message).toBe('Line 2: $15,000.00 is certified on it already (work and stored materials), so its scheduled value cannot go below that.');
  });

  it('waits for an open application to be settled before it is approved', () => {
    const s = given(...approvedSchedule(), order([{ line: '3', scheduledValue: '55000' }]), firstApplication());
    expect(refusal(s, command('ApproveChangeOrder', { changeOrderId: 1 }, as.buyer())).code).toBe('application_open');
  });
});

/** $30,000.00 deposited and cleared: application 1's draw, so its retainage is in escrow. */
describe('retainage at substantial completion', () => {
  it('is asked for by one party, approved by the other, and released per payee', () => {
    const s = given(...approvedSchedule(), ...clearedDeposit(), firstApplication(), allAsBilled(1), command('RequestBillingRetainageRelease', {}, as.seller()));
    expect(refusal(s, command('ApproveBillingRetainageRelease', {}, as.seller())).code).toBe('own_release_request');
    const { events, state } = run(s, command('ApproveBillingRetainageRelease', {}, as.buyer()));
    expect(events[0]!.data).toMatchObject({
      payees: [
        { payeeId: SELLER_COMPANY, amount: '1500.00' },
        { payeeId: SUB, amount: '1500.00' },
      ],
      total: '3000.00',
    });
    expect(refusal(state, command('RequestBillingRetainageRelease', {}, as.seller())).code).toBe('no_retainage_held');
  });

  it('says what an approval would pay each payee, and why a release cannot be asked for yet', () => {
    const open = given(...approvedSchedule(), ...clearedDeposit(), firstApplication());
    expect(retainageStanding(open).blocked?.code).toBe('application_open');
    expect(refusal(open, command('RequestBillingRetainageRelease', {}, as.seller())).code).toBe('application_open');
    const waiting = given(...approvedSchedule(), firstApplication(), allAsBilled(1));
    expect(retainageStanding(waiting).blocked?.code).toBe('payment_awaiting_funds');
    expect(refusal(waiting, command('RequestBillingRetainageRelease', {}, as.buyer())).code).toBe('payment_awaiting_funds');
    const funded = given(...approvedSchedule(), ...clearedDeposit(), firstApplication(), allAsBilled(1));
    expect(retainageStanding(funded)).toEqual({
      lines: [
        { line: '1', payeeId: SELLER_COMPANY, amount: '1000.00' },
        { line: '2', payeeId: SUB, amount: '1500.00' },
        { line: '3', payeeId: SELLER_COMPANY, amount: '500.00' },
      ],
      payees: [
        { payeeId: SELLER_COMPANY, amount: '1500.00' },
        { payeeId: SUB, amount: '1500.00' },
      ],
      total: '3000.00',
      blocked: null,
    });
  });

  it('keeps who approved each release', () => {
    const s = given(...approvedSchedule(), ...clearedDeposit(), firstApplication(), allAsBilled(1), command('RequestBillingRetainageRelease', {}, as.buyer()));
    expect(refusal(s, command('RequestBillingRetainageRelease', {}, as.seller())).code).toBe('release_requested');
    expect(refusal(s, command('RequestBillingRetainageRelease', {}, as.buyer())).code).toBe('already_requested');
    const released = run(s, command('ApproveBillingRetainageRelease', {}, as.seller())).state as ActiveBilling;
    expect(released.retainageRequest).toBeNull();
    expect(released.retainageReleases).toEqual([expect.objectContaining({ releaseNumber: 1, total: '3000.00', party: 'company', by: 21 })]);
    expect(retainageStanding(released).blocked?.code).toBe('no_retainage_held');
    // An approval that arrives after the release (two at once) is told it happened.
    expect(refusal(released, command('ApproveBillingRetainageRelease', {}, as.seller()))).toMatchObject({
      code: 'no_release_request',
      message: 'The retainage was released already (release 1, $3,000.00): it is being paid to the payees.',
    });
  });

  it('is refused to anyone but the parties', () => {
    const s = given(...approvedSchedule(), firstApplication(), allAsBilled(1));
    expect(refusal(s, command('RequestBillingRetainageRelease', {}, { ...as.buyer(), actorId: BUYER + 1 })).code).toBe('not_a_party');
  });
});

describe('files of the billing', () => {
  it('are uploaded by either party, never by the certifier or an outsider, and named by the lines that bill stored materials', () => {
    const s = given(...approvedSchedule(), command('NameCertifier', { userId: ARCHITECT, companyId: 41 }, as.buyer()));
    const { events, state } = run(s, uploaded('drawing-buyer', as.buyer()));
    expect(events[0]).toMatchObject({ type: 'BillingFileAdded', data: { jobId: JOB, attachmentId: 'drawing-buyer', party: 'customer', by: BUYER } });
    expect((state as ActiveBilling).files?.map((f) => f.attachmentId)).toContain('drawing-buyer');
    expect(refusal(s, uploaded('by-architect', as.architect())).code).toBe('not_a_party');
    expect(refusal(s, uploaded('by-outsider', as.outsider())).code).toBe('not_a_party');
    expect(refusal(s, uploaded('inv-concrete-1')).code).toBe('attachment_exists');
  });

  it('refuses evidence that is not a file of this project, naming the line', () => {
    const s = given(...approvedSchedule());
    const submit = (evidence: string[]) =>
      command(
        'SubmitPayApplication',
        { periodTo: '2026-11-30', lines: [{ line: '2', workAmount: '12000.00', storedMaterials: '3000.00', evidence }] },
        as.seller(),
      );
    const error = refusal(s, submit(['inv-concrete-1', 'other-projects-invoice']));
    expect(error.code).toBe('attachment_not_in_project');
    expect(error.message).toBe(
      "Line 2: the evidence names a file not uploaded to this project's billing (other-projects-invoice): upload the invoice or photos here first.",
    );
    expect(run(s, submit(['inv-concrete-1'])).events[0]!.type).toBe('PayApplicationSubmitted');
  });

  it('refuses a change order whose attachments are not files of this project', () => {
    const s = given(...approvedSchedule());
    const propose = (attachmentIds: string[]) =>
      command(
        'ProposeChangeOrder',
        { changeOrderId: 1, reason: 'Owner asked for a deck.', attachmentIds, changes: [{ line: '3', scheduledValue: '55000' }] },
        as.buyer(),
      );
    expect(refusal(s, propose(['co-1-drawing', 'elsewhere'])).code).toBe('attachment_not_in_project');
    expect(run(s, propose(['co-1-drawing'])).events[0]!.data).toMatchObject({ attachmentIds: ['co-1-drawing'] });
  });

  it('holds at most the bytes the setting allows', () => {
    const s = given(...approvedSchedule());
    const big = command(
      'AddBillingFile',
      {
        attachmentId: 'too-big',
        file: {
          name: 'big.pdf',
          size: 2000,
          mediaType: 'application/pdf',
          sha256: 'b'.repeat(64),
          thumbnailSha256: null,
          originalSha256: 'b'.repeat(64),
          originalSize: 2000,
        },
        maxBytes: 5000,
      },
      as.seller(),
    );
    expect(refusal(s, big).code).toBe('billing_files_full');
  });
});
