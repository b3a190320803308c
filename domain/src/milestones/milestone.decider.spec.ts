import { postingsFor } from '../ledger/postings';
import { money, sum } from '../money/money';
import { DomainError } from '../shared/errors';
import type { MilestoneCommand } from './commands';
import type { MilestoneEvent } from './events';
import { asVersionId } from './ids';
import { foldMilestone } from './milestone.evolve';
import {
  approvalMessage,
  canEdit,
  cardApprovalMessage,
  cardVersion,
  headVersion,
  MARKED_COMPLETE_BY_BOTH,
  milestoneStatus,
  showsEditHistory,
  statusColour,
  VERSION_LABELS,
  versionLabel,
} from './milestone.labels';
import { fundsCleared, held, isFunded, isLocked } from './milestone.money';
import type { ActiveMilestone } from './milestone.state';
import {
  approve,
  as,
  BUYER,
  complete,
  deposit,
  DRAFT,
  given,
  ORIGINAL,
  payees,
  PROJECT,
  propose,
  reject,
  run,
  SELLER,
  SELLER_COMPANY,
  settle,
  SIGNED,
} from './milestone.test-kit';

const edit = (meta: ReturnType<typeof as.buyer>, versionId: number, basedOn: number = ORIGINAL, amount = '9000.00'): MilestoneCommand => ({
  type: 'ProposeMilestoneEdit',
  data: {
    versionId: asVersionId(versionId),
    basedOnVersionId: asVersionId(basedOn),
    title: 'Framing (revised)',
    definition: 'Walls framed.',
    position: 1,
    payees: payees(),
    amount,
    payeeIds: [versionId * 10 + 1, versionId * 10 + 2, versionId * 10 + 3],
  },
  metadata: meta,
  project: PROJECT,
});
const clear = (depositId = 1): MilestoneCommand => ({ type: 'ClearDeposit', data: { depositId }, metadata: as.system() });
const state = (events: MilestoneEvent[]) => given(events).state as ActiveMilestone;
const agreed = () => run(propose(), approve(as.buyer()), approve(as.seller()));

function expectRefusal(attempt: () => unknown, message: string, kind?: DomainError['kind']) {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(message);
    if (kind) expect((error as DomainError).kind).toBe(kind);
    return;
  }
  throw new Error(`expected the refusal "${message}"`);
}

describe('milestone decider', () => {
  describe('proposing', () => {
    it('proposes the original version with exact terms, authored by the seller', () => {
      const [event] = given([]).when(propose());
      expect(event).toMatchObject({
        type: 'MilestoneProposed',
        data: { originalId: ORIGINAL, versionId: ORIGINAL, proposedBy: SELLER, proposedByParty: 'company', terms: { depositTotal: '10168.75' } },
      });
    });

    it('lets only the buyer or the seller propose', () => {
      expectRefusal(() => given([]).when(propose(as.outsider())), 'Only the buyer or the seller of this project can add milestones.', 'forbidden');
    });

    it('needs completion criteria', () => {
      const command = propose();
      (command.data as { definition: string }).definition = '  ';
      expectRefusal(() => given([]).when(command), 'Describe the completion criteria of the milestone.', 'invalid');
    });
  });

  describe('approving and rejecting (docs/product.md#approval-and-funding)', () => {
    it('makes a version current once both parties approved it', () => {
      const events = agreed();
      expect(events.map((e) => e.type)).toEqual(['MilestoneProposed', 'MilestoneVersionApproved', 'MilestoneVersionApproved', 'MilestoneVersionAgreed']);
      const s = state(events);
      expect(s.currentVersionId).toBe(ORIGINAL);
      expect(versionLabel(s, s.versions[0]!)).toBe(VERSION_LABELS.approved);
      expect(approvalMessage(s.versions[0]!)).toBe('Approved by both parties.');
    });

    it("rejects the user's earlier approval of another version when they approve a new one", () => {
      const history = run(propose(), approve(as.buyer()), edit(as.seller(), 501));
      const events = given(history).when(approve(as.buyer(), 501));
      expect(events).toEqual([
        expect.objectContaining({ type: 'MilestoneVersionApproved', data: expect.objectContaining({ versionId: 501, party: 'customer' }) }),
        expect.objectContaining({
          type: 'MilestoneVersionRejected',
          data: expect.objectContaining({ versionId: ORIGINAL, party: 'customer', automatic: true }),
        }),
      ]);
    });

    it('labels each of the seven version states exactly as docs/product.md#milestone-version-labels', () => {
      const rejected = run(propose(), reject(as.buyer()));
      let s = state(rejected);
      expect(versionLabel(s, s.versions[0]!)).toBe('ORIGINAL MILESTONE (Rejected)');
      expect(milestoneStatus(s)).toBe('Declined');
      expect(statusColour('Declined')).toBe('danger');

      const withEdit = given(rejected).then(edit(as.seller(), 501));
      s = state(withEdit);
      expect(versionLabel(s, s.versions[0]!)).toBe('ORIGINAL MILESTONE (Edit Submitted)');
      expect(versionLabel(s, s.versions[1]!)).toBe('PROPOSED EDIT');

      const editRejected = given(withEdit).then(reject(as.buyer(), 501));
      s = state(editRejected);
      expect(versionLabel(s, s.versions[1]!)).toBe('PROPOSED EDIT (Rejected)');

      const replaced = run(propose(), reject(as.buyer()), edit(as.seller(), 501), approve(as.buyer(), 501), approve(as.seller(), 501));
      s = state(replaced);
      expect(versionLabel(s, s.versions[0]!)).toBe('ORIGINAL MILESTONE (Replaced by Approved Edit)');
      expect(versionLabel(s, s.versions[1]!)).toBe('APPROVED MILESTONE');
      expect(headVersion(s).versionId).toBe(501);

      s = state(run(propose()));
      expect(versionLabel(s, s.versions[0]!)).toBe('ORIGINAL MILESTONE');
      expect(milestoneStatus(s)).toBe('Submitted');
      expect(statusColour('Submitted')).toBe('warning');
    });

    it('keeps the original on the card, with its history and Make Edit, while edits are proposed and rejected', () => {
      const labels = (s: ActiveMilestone) => s.versions.map((v) => versionLabel(s, v));
      const card = (s: ActiveMilestone) => {
        const v = cardVersion(s);
        return { id: v.versionId, label: versionLabel(s, v), edit: canEdit(s, v), history: showsEditHistory(s, v) };
      };
      let history = run(propose(), approve(as.seller()));
      let s = state(history);
      expect(card(s)).toEqual({ id: ORIGINAL, label: 'ORIGINAL MILESTONE', edit: true, history: false });
      expect(cardApprovalMessage(s, cardVersion(s))).toBe("Approved by the seller; waiting for the buyer's approval.");

      history = given(history).then(reject(as.buyer()));
      s = state(history);
      expect(card(s)).toEqual({ id: ORIGINAL, label: 'ORIGINAL MILESTONE (Rejected)', edit: true, history: false });

      history = given(history).then(edit(as.buyer(), 501));
      s = state(history);
      expect(card(s)).toEqual({ id: ORIGINAL, label: 'ORIGINAL MILESTONE (Edit Submitted)', edit: true, history: true });
      expect(labels(s)).toEqual(['ORIGINAL MILESTONE (Edit Submitted)', 'PROPOSED EDIT']);
      expect(cardApprovalMessage(s, cardVersion(s))).toBe('Rejected by the buyer; an edit proposed by the buyer waits for approval.');

      // A rejected edit hands the card back to the original's own state: no dead end, Make Edit stays.
      history = given(history).then(reject(as.seller(), 501));
      s = state(history);
      expect(card(s)).toEqual({ id: ORIGINAL, label: 'ORIGINAL MILESTONE (Rejected)', edit: true, history: true });
      expect(labels(s)).toEqual(['ORIGINAL MILESTONE (Rejected)', 'PROPOSED EDIT (Rejected)']);

      history = given(history).then(edit(as.seller(), 502));
      s = state(history);
      expect(labels(s)).toEqual(['ORIGINAL MILESTONE (Edit Submitted)', 'PROPOSED EDIT (Rejected)', 'PROPOSED EDIT']);

      history = given(given(history).then(approve(as.buyer(), 502))).then(approve(as.seller(), 502));
      s = state(history);
      expect(card(s)).toEqual({ id: 502, label: 'APPROVED MILESTONE', edit: true, history: true });
      expect(labels(s)).toEqual(['ORIGINAL MILESTONE (Replaced by Approved Edit)', 'PROPOSED EDIT (Rejected)', 'APPROVED MILESTONE']);
    });

    it('refuses to approve twice, or a replaced version', () => {
      const history = run(propose(), approve(as.buyer()));
      expectRefusal(() => given(history).when(approve(as.buyer())), 'You have already approved this version.', 'conflict');
      const replaced = run(propose(), edit(as.seller(), 501), approve(as.buyer(), 501), approve(as.seller(), 501));
      expectRefusal(
        () => given(replaced).when(approve(as.buyer(), ORIGINAL)),
        'This version was replaced by another one; look at the current version instead.',
        'conflict',
      );
      expectRefusal(() => given(agreed()).when(reject(as.buyer())), 'Both parties have approved this version; propose an edit to change it.', 'conflict');
    });

    it('keeps outsiders out', () => {
      expectRefusal(
        () => given(run(propose())).when(approve(as.outsider())),
        'Only the buyer or the seller of this project can approve milestones.',
        'forbidden',
      );
    });
  });

  describe('editing (docs/product.md#editing-and-edit-history)', () => {
    it('offers edits on an unlocked current version or an original without a current edit', () => {
      let s = state(run(propose()));
      expect(canEdit(s, s.versions[0]!)).toBe(true);
      s = state(agreed());
      expect(canEdit(s, s.versions[0]!)).toBe(true);
      s = state(run(propose(), edit(as.buyer(), 501), approve(as.buyer(), 501), approve(as.seller(), 501)));
      expect(canEdit(s, s.versions[0]!)).toBe(false);
      expect(canEdit(s, s.versions[1]!)).toBe(true);
      expect(showsEditHistory(s, s.versions[1]!)).toBe(true);
      expect(showsEditHistory(s, s.versions[0]!)).toBe(false);
    });

    it('locks the milestone once a deposit is on its way', () => {
      const history = given(agreed()).then(deposit());
      expect(isLocked(state(history))).toBe(true);
      expectRefusal(
        () => given(history).when(edit(as.seller(), 502)),
        'This milestone is locked because its funding has started; it can no longer be edited.',
        'conflict',
      );
      expect(canEdit(state(history), state(history).versions[0]!)).toBe(false);
    });

    it('unlocks it again when the deposit fails', () => {
      const history = [
        ...given(agreed()).then(deposit()),
        ...given(given(agreed()).then(deposit())).when({
          type: 'FailDeposit',
          data: { depositId: 1, reason: 'R01 insufficient funds' },
          metadata: as.system(),
        }),
      ];
      expect(isLocked(state(history))).toBe(false);
      expect(state(history).deposits[0]!.status).toBe('failed');
    });
  });

  describe('deposits (docs/product.md#approval-and-funding)', () => {
    it('lets only the buyer deposit, and only after both approved', () => {
      expectRefusal(
        () => given(run(propose(), approve(as.buyer()))).when(deposit()),
        'Both parties must approve the milestone before funds can be deposited.',
        'conflict',
      );
      expectRefusal(
        () =>
          given(agreed()).when({
            type: 'RequestDeposit',
            data: { depositId: 1, bankAccountLast4: null, agreement: SIGNED() },
            metadata: as.seller(),
            project: PROJECT,
          }),
        'Only the buyer can deposit funds.',
        'forbidden',
      );
      const [event] = given(agreed()).when(deposit());
      expect(event).toMatchObject({ type: 'DepositRequested', data: { amount: '10168.75', versionId: ORIGINAL, requestedBy: BUYER } });
    });

    it('refuses a second deposit while one is pending, and after funding', () => {
      const pending = given(agreed()).then(deposit());
      expectRefusal(
        () => given(pending).when(deposit(2)),
        'A deposit for this milestone is already on its way. ACH deposits can take up to 5 business days.',
        'conflict',
      );
      const settled = given(pending).then(settle());
      expectRefusal(() => given(settled).when(deposit(2)), 'This milestone is already funded.', 'conflict');
      expect(held(state(settled)).toFixed(2)).toBe('10168.75');
      expect(milestoneStatus(state(settled))).toBe('Funded');
    });

    it('ignores a repeated settlement callback', () => {
      const settled = given(given(agreed()).then(deposit())).then(settle());
      expect(given(settled).when(settle())).toEqual([]);
    });

    it('takes payment reports only from the provider', () => {
      const pending = given(agreed()).then(deposit());
      expectRefusal(() => given(pending).when({ ...settle(), metadata: as.buyer() }), 'Only the payment provider can report payments.', 'forbidden');
    });
  });

  describe('completion and disbursement', () => {
    const settledHistory = () => given(given(given(agreed()).then(deposit())).then(settle())).then(clear());

    it('needs the deposit to have settled', () => {
      expectRefusal(
        () => given(agreed()).when(complete(as.seller())),
        "The buyer's deposit must settle before the milestone can be marked complete.",
        'conflict',
      );
    });

    it('pays every payee its net when both parties marked complete', () => {
      const history = given(settledHistory()).then(complete(as.seller()));
      const events = given(history).when(complete(as.buyer()));
      expect(events.map((e) => e.type)).toEqual([
        'MilestoneMarkedComplete',
        'MilestoneCompletedByBoth',
        'DisbursementRequested',
        'DisbursementRequested',
        'DisbursementRequested',
      ]);
      const amounts = events
        .filter((e) => e.type === 'DisbursementRequested')
        .map((e) => [(e.data as { amount: string }).amount, (e.data as { fee: string }).fee]);
      expect(amounts).toEqual([
        ['6000.00', '135.00'],
        ['2443.75', '56.25'],
        ['1500.00', '33.75'],
      ]);
      const after = state([...history, ...events]);
      expect(held(after).toFixed(2)).toBe('0.00');
      expect(after.completedByBoth).toBe(true);
      expect(MARKED_COMPLETE_BY_BOTH).toBe('Marked Complete by Both Parties');
    });

    it('lets a party take back its completion until the other has marked too', () => {
      const marked = given(settledHistory()).then(complete(as.seller()));
      expect(given(marked).when(complete(as.seller(), false))).toEqual([expect.objectContaining({ type: 'MilestoneCompletionWithdrawn' })]);
      expectRefusal(() => given(marked).when(complete(as.buyer(), false)), 'You have not marked this milestone complete.', 'conflict');
      const both = given(marked).then(complete(as.buyer()));
      expectRefusal(
        () => given(both).when(complete(as.seller(), false)),
        'Both parties have marked the milestone complete; it can no longer be taken back.',
        'conflict',
      );
    });
  });

  describe('disputes and refunds', () => {
    const settledHistory = () => given(given(given(agreed()).then(deposit())).then(settle())).then(clear());
    const opened = () =>
      given(settledHistory()).then({
        type: 'OpenDispute',
        data: { disputeId: 3, statement: 'Framing is not to code.' },
        metadata: as.buyer(),
        project: PROJECT,
      });

    it('blocks completion while a dispute is open; the other party responds', () => {
      const history = opened();
      expectRefusal(() => given(history).when(complete(as.seller())), 'A dispute is open on this milestone; an administrator will resolve it.', 'conflict');
      expectRefusal(
        () => given(history).when({ type: 'RespondToDispute', data: { statement: 'More' }, metadata: as.buyer(), project: PROJECT }),
        'You opened this dispute; the seller responds to it.',
        'conflict',
      );
      expect(given(history).when({ type: 'RespondToDispute', data: { statement: 'It passed inspection.' }, metadata: as.seller(), project: PROJECT })).toEqual([
        expect.objectContaining({ type: 'DisputeResponded' }),
      ]);
    });

    it('lets only an admin resolve; a refund returns everything held', () => {
      expectRefusal(
        () => given(opened()).when({ type: 'ResolveDispute', data: { resolution: 'refund', note: '' }, metadata: as.seller() }),
        'Only an administrator can resolve a dispute.',
        'forbidden',
      );
      const events = given(opened()).when({ type: 'ResolveDispute', data: { resolution: 'refund', note: 'Work not done.' }, metadata: as.admin() });
      expect(events.map((e) => e.type)).toEqual(['DisputeResolved', 'RefundRequested']);
      expect(events[1]!.data).toMatchObject({ amount: '10168.75', reason: 'dispute' });
      expect(held(state([...opened(), ...events])).toFixed(2)).toBe('0.00');
    });

    it('splits to the cent: the refund goes back, the rest is released in proportion', () => {
      const events = given(opened()).when({
        type: 'ResolveDispute',
        data: { resolution: 'split', refundAmount: '4068.75', note: 'Half done.' },
        metadata: as.admin(),
      });
      const released = events.filter((e) => e.type === 'DisbursementRequested').map((e) => e.data as { amount: string; fee: string });
      const total = released.reduce((t, d) => t + Math.round(Number(d.amount) * 100) + Math.round(Number(d.fee) * 100), 0);
      expect(total).toBe(610000); // 10168.75 − 4068.75
      expect(events.find((e) => e.type === 'RefundRequested')!.data).toMatchObject({ amount: '4068.75' });
      expect(held(state([...opened(), ...events])).toFixed(2)).toBe('0.00');
      expectRefusal(
        () => given(opened()).when({ type: 'ResolveDispute', data: { resolution: 'split', refundAmount: '10168.75', note: '' }, metadata: as.admin() }),
        'A split refunds more than $0.00 and less than the $10,168.75 held; use release or refund otherwise.',
        'invalid',
      );
    });

    it('refunds the buyer after the response deadline if the seller did not complete', () => {
      const history = settledHistory();
      const settledAt = Date.parse((history.find((e) => e.type === 'DepositSettled')!.data as { at: string }).at);
      const before = {
        type: 'ClaimDeadlineRefund' as const,
        data: {},
        metadata: { ...as.buyer(), now: new Date(settledAt + 29 * 86_400_000).toISOString() },
        project: PROJECT,
      };
      expect(() => given(history).when(before)).toThrow(/You can claim a refund if the seller has not completed the milestone by/);
      const after = { ...before, metadata: { ...before.metadata, now: new Date(settledAt + 31 * 86_400_000).toISOString() } };
      expect(given(history).when(after)).toEqual([
        expect.objectContaining({ type: 'RefundRequested', data: expect.objectContaining({ amount: '10168.75', reason: 'deadline' }) }),
      ]);
      const sellerDone = given(history).then(complete(as.seller()));
      expectRefusal(() => given(sellerDone).when(after), 'The seller has marked this milestone complete; open a dispute if you disagree.', 'conflict');
    });
  });

  describe('drafts and frozen parties (issue 12)', () => {
    it('lets the creator propose on a draft but refuses approvals, deposits, completions and disputes until it is submitted', () => {
      const drafted = given([]).then(propose(as.seller(), DRAFT));
      expectRefusal(
        () => given(drafted).when(approve(as.seller(), ORIGINAL, DRAFT)),
        'This project is still a draft: submit it before you approve milestones.',
        'conflict',
      );
      expectRefusal(
        () => given(drafted).when({ ...(reject(as.buyer()) as Extract<MilestoneCommand, { type: 'RejectMilestoneVersion' }>), project: DRAFT }),
        'This project is still a draft: submit it before you reject milestones.',
        'conflict',
      );
      const funded = given(given(given(agreed()).then(deposit())).then(settle())).then(clear());
      expectRefusal(() => given(agreed()).when(deposit(2, DRAFT)), 'This project is still a draft: submit it before you deposit funds.', 'conflict');
      expectRefusal(
        () => given(funded).when({ ...(complete(as.seller()) as Extract<MilestoneCommand, { type: 'MarkMilestoneComplete' }>), project: DRAFT }),
        'This project is still a draft: submit it before you mark milestones complete.',
        'conflict',
      );
      expectRefusal(
        () => given(funded).when({ type: 'OpenDispute', data: { disputeId: 3, statement: 'x' }, metadata: as.buyer(), project: DRAFT }),
        'This project is still a draft: submit it before you open a dispute.',
        'conflict',
      );
    });

    it("judges who is a party by the project's parties now, not those of the proposal", () => {
      const history = run(propose());
      const movedToAnotherSeller = { ...PROJECT, companyId: 77 };
      // the company the draft was moved to is the seller now; the one it was moved away from is not
      expect(given(history).when(approve(as.outsider(), ORIGINAL, movedToAnotherSeller))).toEqual([
        expect.objectContaining({ type: 'MilestoneVersionApproved' }),
      ]);
      expectRefusal(
        () => given(history).when(approve(as.seller(), ORIGINAL, movedToAnotherSeller)),
        'Only the buyer or the seller of this project can approve milestones.',
        'forbidden',
      );
      expectRefusal(() => given([]).when(propose(as.seller(), { ...PROJECT, status: 'discarded' })), 'This project was discarded.', 'not_found');
    });

    it('needs both signatures on the escrow agreement before the first deposit, and says who is missing', () => {
      expectRefusal(
        () => given(agreed()).when(deposit(1, PROJECT, { versionId: ORIGINAL, customer: 'signed', company: 'unsigned' })),
        'Both parties must sign the escrow agreement before the first deposit. Still to sign: the seller.',
        'conflict',
      );
      expectRefusal(
        () => given(agreed()).when(deposit(1, PROJECT, { versionId: ORIGINAL, customer: 'unsigned', company: 'unsigned' })),
        'Both parties must sign the escrow agreement before the first deposit. Still to sign: you (the buyer) and the seller.',
        'conflict',
      );
    });

    it('needs new signatures once the terms changed: a signature of an earlier text covers nothing new', () => {
      expectRefusal(
        () => given(agreed()).when(deposit(1, PROJECT, { versionId: ORIGINAL, customer: 'signed', company: 'changed' })),
        'The escrow agreement changed since it was signed: both parties sign its new text before the next deposit. Still to sign: the seller.',
        'conflict',
      );
      expectRefusal(
        () => given(agreed()).when(deposit(1, PROJECT, { versionId: ORIGINAL, customer: 'changed', company: 'changed' })),
        'The escrow agreement changed since it was signed: both parties sign its new text before the next deposit. Still to sign: you (the buyer) and the seller.',
        'conflict',
      );
    });

    it('refuses a deposit whose signed text lists another version than the one agreed now (terms agreed a moment after the text was read)', () => {
      // Both signed the text that lists the original; an edit was agreed since, on this stream.
      const edited = [edit(as.seller(), 600, ORIGINAL, '12000.00'), approve(as.buyer(), 600), approve(as.seller(), 600)].reduce(
        (history, command) => given(history).then(command),
        agreed(),
      );
      expect(foldMilestone(edited)).toMatchObject({ currentVersionId: 600 });
      const moment =
        "This milestone's terms changed a moment ago and the signed escrow agreement does not cover them: reload, and both parties sign the new text before the deposit.";
      expectRefusal(() => given(edited).when(deposit(1, PROJECT, SIGNED(ORIGINAL))), moment, 'conflict');
      expectRefusal(() => given(agreed()).when(deposit(1, PROJECT, SIGNED(null))), moment, 'conflict');
      expect(given(edited).when(deposit(1, PROJECT, SIGNED(600)))).toEqual([
        expect.objectContaining({ type: 'DepositRequested', data: expect.objectContaining({ versionId: 600 }) }),
      ]);
    });
  });

  describe('cleared funds (ACH return window)', () => {
    const DAY = 86_400_000;
    const pending = () => given(agreed()).then(deposit());
    const settledClearing = () => given(pending()).then(settle(1, 2 * DAY));

    it('holds a settled deposit in escrow but disburses nothing until its return window has passed', () => {
      const marked = given(given(settledClearing()).then(complete(as.seller()))).then(complete(as.buyer()));
      expect(marked.map((e) => e.type).slice(-2)).toEqual(['MilestoneMarkedComplete', 'MilestoneCompletedByBoth']);
      expect(state(marked).disbursements).toEqual([]);
      expect(fundsCleared(state(marked))).toBe(false);
      expectRefusal(() => given(marked).when(clear()), `This deposit clears on ${state(marked).deposits[0]!.clearsAt}.`, 'conflict');
    });

    it('disburses when the funds clear if both parties completed meanwhile', () => {
      const marked = given(given(settledClearing()).then(complete(as.seller()))).then(complete(as.buyer()));
      const clearsAt = Date.parse(state(marked).deposits[0]!.clearsAt!);
      const events = given(marked).when({
        type: 'ClearDeposit',
        data: { depositId: 1 },
        metadata: { ...as.system(), now: new Date(clearsAt + 1000).toISOString() },
      });
      expect(events.map((e) => e.type)).toEqual(['DepositCleared', 'DisbursementRequested', 'DisbursementRequested', 'DisbursementRequested']);
      expect(held(state([...marked, ...events])).toFixed(2)).toBe('0.00');
    });

    it('un-funds the milestone when the bank returns the debit inside the window, and posts the reversal', () => {
      const history = settledClearing();
      const events = given(history).when({
        type: 'ReturnDeposit',
        data: { depositId: 1, returnCode: 'R01', reason: 'Insufficient funds' },
        metadata: as.system(),
      });
      expect(events).toEqual([expect.objectContaining({ type: 'DepositReturned', data: expect.objectContaining({ amount: '10168.75', returnCode: 'R01' }) })]);
      const after = state([...history, ...events]);
      expect(isFunded(after)).toBe(false);
      expect(held(after).toFixed(2)).toBe('0.00');
      expect(isLocked(after)).toBe(false);
      const postings = [...history, ...events].flatMap(postingsFor);
      expect(sum(postings.filter((p) => p.account === 'escrow').map((p) => money(p.amount))).toFixed(2)).toBe('0.00');
      // the buyer can deposit again; a repeated return report changes nothing
      expect(given([...history, ...events]).when(deposit(2))).toEqual([expect.objectContaining({ type: 'DepositRequested' })]);
      expect(
        given([...history, ...events]).when({ type: 'ReturnDeposit', data: { depositId: 1, returnCode: 'R01', reason: 'again' }, metadata: as.system() }),
      ).toEqual([]);
    });

    it('refuses a return once the funds cleared, and a refund or dispute resolution before they clear', () => {
      const cleared = given(given(pending()).then(settle())).then(clear());
      expectRefusal(
        () => given(cleared).when({ type: 'ReturnDeposit', data: { depositId: 1, returnCode: 'R01', reason: 'late' }, metadata: as.system() }),
        'This deposit cleared before the return arrived; an administrator must recover it.',
        'conflict',
      );
      const opened = given(settledClearing()).then({
        type: 'OpenDispute',
        data: { disputeId: 3, statement: 'Not done.' },
        metadata: as.buyer(),
        project: PROJECT,
      });
      expect(() => given(opened).when({ type: 'ResolveDispute', data: { resolution: 'refund', note: '' }, metadata: as.admin() })).toThrow(
        /resolve the dispute after that/,
      );
    });
  });

  it('refuses commands on a milestone that does not exist', () => {
    expectRefusal(() => given([]).when(approve(as.buyer())), 'There is no such milestone.', 'not_found');
  });

  it('keeps the parties of the project it was proposed in', () => {
    const s = state(run(propose()));
    expect(s).toMatchObject({ customerId: BUYER, companyId: SELLER_COMPANY, jobId: 7 });
  });
});
