import { formatDollars } from '@escrow/domain';

/** The screens' words, here so the tests read the same strings. */
export const TEXTS = {
  milestonesBilled: 'This project bills by milestones: see the Milestones tab.',
  billingFixed: 'How the project bills is fixed once it is submitted.',
  submitWithoutMilestones:
    'A project billed by progress is submitted without milestones; the seller proposes the schedule of values once it is submitted, and the buyer approves it.',
  noSchedule: 'No schedule of values is approved yet.',
  sellerProposes: 'The seller proposes the schedule of values; you approve it or reject it with a reason.',
  buyerApproves: 'Propose the schedule of values: the buyer approves it before the first pay application.',
  totalsMustMatch: 'The lines must add up to the contract sum before the schedule can be proposed.',
  storedFilesNeeded: 'Materials newly stored on a line are billed with their invoice or photos: attach them on that line.',
  attachFiles: 'Attach invoices or photos',
  noApplications: 'No pay applications yet.',
  waiverDue: 'It goes out once a user of the payee company signs its conditional lien waiver.',
  waitingCertification: 'Waiting for the buyer or the certifier to certify it.',
  certifiedAsBilled: 'Every line was certified as billed.',
  scheduleLocked: 'A pay application bills against this schedule: it changes only by change orders now.',
  applicationOpen: 'A change order is approved once the open pay application is accepted.',
  escrowExplained:
    'The buyer funds the escrow balance with deposits; each certified payment is paid from cleared funds, and the retainage stays held in escrow until it is released.',
  noDeposits: 'No deposit yet.',
  depositStarted: 'Deposit started. ACH deposits can take up to 5 business days.',
  depositAmountProblem: 'Type an amount in dollars and cents greater than zero, such as 20000.00.',
  certifierMay:
    'A certifier (an architect, an inspector, a lender’s representative) reads the schedule of values, the change orders and the pay applications with their PDF and CSV, and certifies each application’s lines: as billed, reduced with a reason, or refused.',
  certifierMayNot:
    'A certifier never moves money (no deposit, release or payout) and does nothing a party does: they do not propose, approve, submit or accept, and do not name or invite a certifier. Nobody on the seller’s side, you as the buyer, or an administrator can be the certifier.',
  certifierLink: 'The invitation is a link by email that works once, for 7 days; accepting it names the certifier and replaces an earlier one.',
  retainageExplained:
    'Retainage is held back from each payment until substantial completion. Once no pay application is open and every payment is funded, either party asks for its release and the other approves it; each payee is then paid its share from escrow.',
  noRetainageHeld: 'No retainage is held.',
  /** A payee the directory no longer lists (the answers name every company they pay). */
  unlistedCompany: 'A company no longer listed',
};

/** "Lines total … of the contract sum …", with what is left or over: the running total of the editor. */
export function totalsLine(total: string, contractSum: string | null, difference: string | null): string {
  if (contractSum === null || difference === null) return `Lines total ${formatDollars(total)}. Type the contract sum.`;
  if (difference === '0.00') return `Lines total ${formatDollars(total)}: equal to the contract sum of ${formatDollars(contractSum)}.`;
  return difference.startsWith('-')
    ? `Lines total ${formatDollars(total)}: ${formatDollars(difference.slice(1))} over the contract sum of ${formatDollars(contractSum)}.`
    : `Lines total ${formatDollars(total)}: ${formatDollars(difference)} left to schedule of the contract sum of ${formatDollars(contractSum)}.`;
}

export const DECISION_LABELS = { as_billed: 'Certified as billed', reduced: 'Reduced', refused: 'Refused' } as const;

export const STATUS_LABELS = {
  submitted: 'Submitted',
  certified: 'Certified',
  accepted: 'Accepted',
  proposed: 'Proposed',
  current: 'Current',
  replaced: 'Replaced',
  closed: 'Closed',
  rejected: 'Rejected',
  approved: 'Approved',
} as const;
