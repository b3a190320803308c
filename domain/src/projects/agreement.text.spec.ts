import { createHash } from 'node:crypto';

import { foldMilestone } from '../milestones/milestone.evolve';
import type { ActiveMilestone } from '../milestones/milestone.state';
import { as, given, ORIGINAL, PROJECT, propose, RETAINED, run, SELLER_COMPANY, SUB_COMPANY } from '../milestones/milestone.test-kit';
import type { BillingState } from '../progress-billing/billing.state';
import * as billing from '../progress-billing/billing.test-kit';
import { agreedSchedule } from './agreement.schedule';
import { agreedVersions, type AgreementInput, agreementText, listedVersions } from './agreement.text';
import { type ActiveProject, decideProject, evolveProject, foldProject } from './project.decider';

const names: Record<number, string> = { [SELLER_COMPANY]: 'Saguaro Build Co.', [SUB_COMPANY]: 'Desert Current Electric', 31: 'Mesa Ridge Roofing' };
const agreed = (project = PROJECT) => {
  const approve = (meta: ReturnType<typeof as.buyer>) => ({ type: 'ApproveMilestoneVersion' as const, data: { versionId: ORIGINAL }, metadata: meta, project });
  return foldMilestone(run(propose(as.seller(), project), approve(as.buyer()), approve(as.seller()))) as ActiveMilestone;
};
const input = (milestones: ActiveMilestone[], overrides: Partial<AgreementInput> = {}): AgreementInput => ({
  projectId: 7,
  service: 'Framing',
  buyerName: 'Jordan Buyer',
  sellerName: 'Saguaro Build Co.',
  terms: { retainagePercent: '0.00', siteState: null },
  agreed: agreedVersions(milestones),
  companyName: (id) => names[id] ?? `company ${id}`,
  responseDays: 30,
  returnWindow: '2 business days',
  ...overrides,
});

describe('the escrow agreement', () => {
  it('names the retainage each payee is held back and the lien waivers its payments wait for', () => {
    const text = agreementText(input([agreed(RETAINED)], { terms: { retainagePercent: '5.00', siteState: 'AZ' } }));
    expect(text).toContain('Job site: Arizona (payments exchange lien waivers under Arizona law)');
    expect(text).toContain('   1. Framing — $10,000.00; owner deposits $10,168.75.');
    expect(text).toContain("      Lien waivers: each payment waits for its payee's signed conditional lien waiver (Arizona).");
    expect(text).toContain(
      '      Pays Saguaro Build Co.: $6,000.00, of which $5,700.00 at completion and $300.00 (5% retainage) held back until the retainage is released.',
    );
    expect(text).toContain(
      '      Pays Desert Current Electric: $2,443.75 (the escrow fee is taken from this share), of which $2,321.56 at completion and $122.19 (5% retainage) held back until the retainage is released.',
    );
    expect(text).toContain('its funds then clear 2 business days after settling, the time in which the bank may still return the debit');
    expect(text).toContain(
      '5. Retainage. The retainage withheld from each payment is held in escrow until every milestone of the project is complete and paid out.',
    );
    expect(text).toContain('6. Lien waivers. On the milestones above that name lien waivers (job site in Arizona)');
  });

  it('says plainly when nothing is retained and no waivers are exchanged', () => {
    const text = agreementText(input([agreed()]));
    expect(text).toContain('Job site: state not named (no lien waivers are exchanged)');
    expect(text).toContain('Retainage on milestones agreed from now on: none');
    expect(text).toContain('      Pays Saguaro Build Co.: $6,000.00.');
    expect(text).toContain(
      '4. Release. When both parties have marked a funded milestone complete, Escrow Ledger pays each payee its share less the retainage withheld from it.',
    );
    expect(text).toContain('5. Retainage. No retainage is withheld from the payments of the milestones above.');
    expect(text).toContain('6. Lien waivers. No lien waivers are exchanged for the payments of the milestones above.');
    expect(agreementText(input([agreed()], { returnWindow: null }))).toContain(
      "A deposit counts, and its funds clear, once the owner's bank has settled it; nothing is paid out of escrow before.",
    );
  });

  it('changes with every term both parties sign, and only with them', () => {
    const base = input([agreed()]);
    const same = agreementText(base);
    expect(agreementText({ ...base })).toBe(same);
    for (const changed of [
      { terms: { retainagePercent: '2.50', siteState: null } },
      { terms: { retainagePercent: '0.00', siteState: 'UT' as const } },
      { agreed: agreedVersions([agreed(RETAINED)]) },
      { agreed: [] },
      { responseDays: 14 },
      { returnWindow: '3 business days' },
      { sellerName: 'Another Builder' },
    ]) {
      expect(agreementText({ ...base, ...changed })).not.toBe(same);
    }
    // A proposal nobody agreed yet is not a term.
    const proposed = foldMilestone(given([]).then(propose())) as ActiveMilestone;
    expect(agreedVersions([proposed])).toEqual([]);
    expect(agreementText(input([proposed]))).toContain('(No milestone has been approved by both parties yet.)');
  });

  it("reads the same from the project's record of what was agreed as from the milestones themselves", () => {
    const milestones = [agreed(RETAINED), { ...agreed(), originalId: 600 } as ActiveMilestone];
    const seller = as.seller();
    let project = foldProject([
      {
        type: 'JobDraftCreated',
        data: {
          jobId: 7,
          customerId: 10,
          primaryCompanyId: SELLER_COMPANY,
          service: 'Framing',
          customerInitiated: false,
          createdBy: 21,
          createdAt: seller.now,
        },
      },
    ]);
    // Recorded in another order than the text lists them, and one of them twice.
    for (const { originalId, version } of [...agreedVersions(milestones)].reverse().concat(agreedVersions(milestones).slice(0, 1))) {
      const command = { type: 'RecordAgreedMilestone' as const, data: { originalId, ...version }, metadata: as.seller() };
      project = decideProject(command, project).reduce(evolveProject, project);
    }
    expect(listedVersions(project as ActiveProject)).toEqual(agreedVersions(milestones));
    expect(agreementText(input([], { agreed: listedVersions(project as ActiveProject) }))).toBe(agreementText(input(milestones)));
  });
});

describe('the escrow agreement of a milestone project', () => {
  // The SHA-256 of each text as the parties signed it before progress-billed projects got clauses of
  // their own: a change of a milestone project's text would unsign every signed agreement.
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  it.each([
    [
      'retainage and lien waivers',
      () => input([agreed(RETAINED)], { terms: { retainagePercent: '5.00', siteState: 'AZ' } }),
      '8b5d0c10b256e14c8e4f4fc0a8718e96c0d95bbb74b4d1daf8bf94424edf9e47',
    ],
    ['nothing retained, no waivers', () => input([agreed()]), 'def37ee54d82c647828679a72b2bea67f49a0daae089d451892d3e09e8c3a274'],
    ['no return window', () => input([agreed()], { returnWindow: null }), '2676b3edd9146294dcf182d7844e7a3b4a04d3b6e94b09b1cff18f4a816e9866'],
    ['no milestone agreed yet', () => input([]), '29e35b53fd2d7be493aa9256d1c5d46d0eb9764e9f1eadfa65e2f97a20aad735'],
  ])('reads byte for byte as before: %s', (_, made, hash) => {
    expect(sha256(agreementText(made()))).toBe(hash);
  });
});

describe('the escrow agreement of a progress-billed project', () => {
  const payees: Record<number, string> = { 20: 'Saguaro Build Co.', 30: 'Desert Concrete', 31: 'Mesa Ridge Roofing' };
  const progress = (state: BillingState) => agreementText(input([], { schedule: agreedSchedule(state), companyName: (id) => payees[id] ?? `company ${id}` }));
  const deck = (meta = billing.as.seller()) =>
    billing.command(
      'ProposeChangeOrder',
      {
        changeOrderId: 1,
        reason: 'Owner asked for a deck.',
        changes: [{ line: '3', scheduledValue: '55000' }],
        newLines: [{ number: '4', description: 'Deck', scheduledValue: '8000', payeeId: 31, retainage: { rate: '10' } }],
      },
      meta,
    );

  it("numbers the schedule's version per project, not by its id", () => {
    const lines = billing.exampleLines();
    const text = progress(
      billing.given(
        billing.command('ProposeSchedule', { jobId: billing.JOB, versionId: 800, lines }, billing.as.seller()),
        billing.command('ApproveSchedule', { versionId: 800 }, billing.as.buyer()),
      ),
    );
    expect(text).toContain('   Schedule of values (version 1), contract sum $100,000.00:');
  });

  it('names each line of the approved schedule: number, description, value, payee and retainage terms', () => {
    const text = progress(billing.given(...billing.approvedSchedule()));
    expect(text).toContain('1. Schedule of values. The project is paid by progress against the schedule of values below.');
    expect(text).toContain('   Schedule of values (version 1), contract sum $100,000.00:');
    expect(text).toContain('   1. Site work — $20,000.00; paid to Saguaro Build Co.; retainage 10%.');
    expect(text).toContain('   2. Concrete — $30,000.00; paid to Desert Concrete; retainage 10%, 5% on work certified once the line is 50% complete.');
    expect(text).toContain('   3. Framing — $50,000.00; paid to Saguaro Build Co.; retainage 10%.');
    expect(text).toContain('4. Release. When the contractor accepts a certified pay application');
    expect(text).toContain("3. Deposits. The owner funds the project's escrow balance by ACH debit from a linked bank account.");
    expect(text).toContain('6. Lien waivers. No lien waivers are exchanged for the progress payments.');
    expect(text).not.toContain('No milestone has been approved');
  });

  it('changes when a change order is approved, and names the change; a proposal alone changes nothing', () => {
    const approved = billing.given(...billing.approvedSchedule());
    const proposed = billing.given(...billing.approvedSchedule(), deck());
    const changed = billing.given(...billing.approvedSchedule(), deck(), billing.command('ApproveChangeOrder', { changeOrderId: 1 }, billing.as.buyer()));
    expect(progress(proposed)).toBe(progress(approved));
    const text = progress(changed);
    expect(text).not.toBe(progress(approved));
    expect(text).toContain('   Change order 1, approved by both parties (+$13,000.00): Owner asked for a deck.');
    expect(text).toContain('      Line 3: scheduled value from $50,000.00 to $55,000.00.');
    expect(text).toContain('      New line 4. Deck — $8,000.00; paid to Mesa Ridge Roofing; retainage 10%.');
    expect(text).toContain('   Contract sum with the approved change orders: $113,000.00.');
  });

  it('states what happens to the money of a progress-billed project, and never speaks of milestones', () => {
    const schedule = agreedSchedule(billing.given(...billing.approvedSchedule()));
    const text = agreementText(
      input([], { schedule, terms: { retainagePercent: '0.00', siteState: 'AZ' }, companyName: (id) => payees[id] ?? `company ${id}` }),
    );
    expect(text).not.toMatch(/milestone/i);
    expect(text).toContain('Retainage: on each line of the schedule of values, at the terms clause 1 states');
    expect(text).toContain(
      "2. Fee. The escrow fee is 2.25% of each deposit into the project's escrow balance, paid by the owner on top of the amount deposited; the payees receive their payments in full.",
    );
    expect(text).toContain(
      "When the balance does not cover a certified payment and its retainage, the owner is asked to deposit the difference within 10 days of the end of the application's period, and the payment waits until the funds clear.",
    );
    expect(text).toContain('the other party may instead dispute it (clause 8). Work billed after a release is retained again and released the same way.');
    expect(text).toContain(
      "6. Lien waivers. The job site is in Arizona: each payout of a progress payment or of the retainage waits for its payee's signed conditional waiver and release of lien rights for it (Arizona).",
    );
    expect(text).toContain(
      "7. Refunds. The owner's deposits stay in the project's escrow balance to pay the certified pay applications and their retainage. The owner may ask at any time for cleared funds no payment has drawn to be returned: what the contract sum to date still has to draw (and what a pay application open or a payment waiting for funds needs, if more) stays in escrow, and the rest is returned at once; more than that is returned only if the contractor approves, agreeing that the remaining contract is then not funded. A deposit the owner's bank returns within its return window is taken off the balance, and nothing is paid from it. Retainage goes back to the owner only as Escrow Ledger decides on a dispute of its release (clause 8).",
    );
    expect(text).toContain(
      '8. Disputes. The owner, or the certifier the owner names, certifies each line of a pay application as billed, reduced or refused, with the reason for a reduction or a refusal; the contractor accepts the certificate, or revises the application to have it certified again, and nothing is paid on an application before its certificate is accepted. Either party may dispute a request to release the retainage instead of approving it; Escrow Ledger then hears both parties and releases the retainage to the payees or refunds it to the owner; its decision is final for the retainage held.',
    );
    expect(text).toContain(
      "9. Records. Every schedule of values, pay application, certificate, change order, deposit, payment, retainage release and lien waiver is recorded on the project's ledger, which both parties can read at any time.",
    );
    expect(
      text
        .split('\n')
        .filter((l) => /^\d+\. /.test(l))
        .map((l) => l.split('.')[0]),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('says so before a schedule is approved, and the approval changes the text', () => {
    const proposedOnly = billing.given(billing.command('ProposeSchedule', { jobId: 7, versionId: 1, lines: billing.exampleLines() }, billing.as.seller()));
    const before = progress(proposedOnly);
    expect(before).toContain('   (No schedule of values has been approved by both parties yet.)');
    expect(progress(billing.given(...billing.approvedSchedule()))).not.toBe(before);
  });
});
