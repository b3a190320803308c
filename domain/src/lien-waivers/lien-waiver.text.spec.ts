import { billingLienWaiverName, billingLienWaiverText } from './lien-waiver.text';

const input = {
  kind: 'conditional' as const,
  payment: { kind: 'application' as const, applicationNumber: 2, periodTo: '2026-12-31' },
  state: 'NV' as const,
  projectId: 7,
  service: 'General Contracting',
  ownerName: 'Olive Owner',
  claimantName: 'Concrete Co',
  amount: '2850.00',
  paidOn: null,
};

describe('the lien waiver of a progress payment', () => {
  it('names the project, the owner, the payee, the amount, the state, the pay application and its period', () => {
    const text = billingLienWaiverText(input);
    expect(text).toContain('CONDITIONAL WAIVER AND RELEASE OF LIEN RIGHTS ON PAYMENT — NEVADA (NV)');
    expect(text).toContain('Project: Escrow Ledger project 7 (General Contracting), job site in Nevada');
    expect(text).toContain('Owner: Olive Owner');
    expect(text).toContain('Pay application: number 2, for the period to 2026-12-31');
    expect(text).toContain('Claimant (payee): Concrete Co');
    expect(text).toContain('Amount: $2,850.00');
    expect(text).toContain('held in escrow for pay application 2 (period to 2026-12-31)');
  });

  it('names a retainage release instead, and the day an unconditional waiver’s payment arrived', () => {
    const text = billingLienWaiverText({ ...input, kind: 'unconditional', payment: { kind: 'retainage', releaseNumber: 1 }, paidOn: '2027-01-05' });
    expect(text).toContain('UNCONDITIONAL WAIVER AND RELEASE OF LIEN RIGHTS AFTER PAYMENT');
    expect(text).toContain('Retainage release: number 1, at substantial completion');
    expect(text).toContain('The claimant has received $2,850.00 for this payment on 2027-01-05.');
    expect(text).not.toContain('Pay application');
  });

  it('is the same text for the same input, named by the project, the payout and its hash', () => {
    expect(billingLienWaiverText(input)).toBe(billingLienWaiverText({ ...input }));
    expect(billingLienWaiverName(7, 12, 'conditional', 'c'.repeat(64))).toBe('lien-waiver-job-7-payout-12-conditional-cccccccccccc');
  });
});
