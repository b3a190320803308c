import type { SiteState } from '../lien-waivers/states';
import { formatAmount, money } from '../money/money';
import { assertNever, type CommandMetadata } from '../shared/command';
import { conflict, forbidden, invalid, notFound, type RefusalProblem } from '../shared/errors';
import { foreignFiles, foreignFilesProblem } from './billing.decide.files';
import { fundWaitingPayments } from './billing.escrow';
import { evolveBilling } from './billing.evolve';
import { refuseIfAny, requireParty, requireProgressBilled, requireSchedule, requireSellerUser, requireSubmitted } from './billing.rules';
import { type ActiveBilling, type ApplicationState, type BillingState, openApplication } from './billing.state';
import type { AcceptCertification, BillingProjectFacts, CertifyPayApplication, RevisePayApplication, SubmitPayApplication } from './commands';
import type { BillingEvent } from './events';
import { payApplicationFigures } from './pay-application.figures';
import { billsSomething, lineProblems, readApplicationLines, readCertification } from './pay-application.rules';

export type ApplicationCommand = SubmitPayApplication | RevisePayApplication | CertifyPayApplication | AcceptCertification;

/**
 * Pay applications (docs/progress-billing.md#pay-applications-and-certification): the seller
 * submits one per period, the buyer or the certifier certifies each line, the seller accepts (or
 * revises and resubmits), and the accepted certificate's payment due is released to the payees.
 */
export function decideApplication(command: ApplicationCommand, state: BillingState): BillingEvent[] {
  const { metadata, project } = command;
  const at = metadata.now;
  switch (command.type) {
    case 'SubmitPayApplication': {
      const s = requireSchedule(state);
      requireSellerUser(project, metadata, 'submit pay applications');
      requireSubmitted(project, 'submit pay applications');
      const open = openApplication(s);
      if (open) {
        throw conflict(
          'application_open',
          `Pay application ${open.applicationNumber} is still waiting for ${open.status === 'submitted' ? 'certification' : 'your acceptance'}: revise it instead of submitting another.`,
        );
      }
      return [submitted(s, s.applications.length + 1, 1, command.data.periodTo, command.data.lines, metadata)];
    }
    case 'RevisePayApplication': {
      const s = requireSchedule(state);
      requireSellerUser(project, metadata, 'revise pay applications');
      requireSubmitted(project, 'revise pay applications');
      const application = requireOpen(s, command.data.applicationNumber);
      return [
        submitted(s, application.applicationNumber, application.revision + 1, command.data.periodTo ?? application.periodTo, command.data.lines, metadata),
      ];
    }
    case 'CertifyPayApplication': {
      const s = requireSchedule(state);
      const byRole = requireCertifier(s, project, metadata);
      requireSubmitted(project, 'certify pay applications');
      const application = requireRevision(s, command.data.applicationNumber, command.data.revision);
      if (application.status !== 'submitted')
        throw conflict('already_certified', 'This pay application is already certified; the seller accepts it or revises it.');
      const problems: RefusalProblem[] = [];
      const lines = readCertification(application.lines, s.toDate, command.data.lines, problems);
      problems.push(...lineProblems(s.lines, s.toDate, lines, 'certifier'));
      refuseIfAny(problems, 'certification', 'This certification');
      const figures = payApplicationFigures(s.lines, s.toDate, lines);
      const events: BillingEvent[] = [
        {
          type: 'PayApplicationCertified',
          data: {
            jobId: s.jobId,
            applicationNumber: application.applicationNumber,
            revision: application.revision,
            by: metadata.actorId,
            byRole,
            lines,
            summary: figures.summary,
            payees: figures.payees,
            toDate: figures.toDate,
            at,
          },
        },
      ];
      // Nothing for the seller to accept when every line was certified as billed.
      if (lines.every((l) => l.decision === 'as_billed')) events.push(...accepted(s, application, figures.payees, metadata, true, project.siteState ?? null));
      return events;
    }
    case 'AcceptCertification': {
      const s = requireSchedule(state);
      requireSellerUser(project, metadata, 'accept certifications');
      const application = requireRevision(s, command.data.applicationNumber, command.data.revision);
      if (application.status !== 'certified' || !application.certification) throw conflict('not_certified', 'This pay application is not certified yet.');
      return accepted(s, application, application.certification.payees, metadata, false, project.siteState ?? null);
    }
    default:
      return assertNever(command);
  }
}

/** The seller's lines read, checked against every rule, and recorded with the G702 as billed. */
function submitted(s: ActiveBilling, applicationNumber: number, revision: number, periodTo: unknown, inputs: unknown, metadata: CommandMetadata): BillingEvent {
  const problems: RefusalProblem[] = [];
  const period = readPeriod(s, periodTo, problems);
  const lines = readApplicationLines(s.lines, s.toDate, inputs, problems);
  problems.push(...lineProblems(s.lines, s.toDate, lines, 'seller'));
  for (const l of lines) {
    const foreign = foreignFiles(s, l.evidence);
    if (foreign.length > 0) problems.push(foreignFilesProblem(l.line, foreign));
  }
  if (problems.length === 0 && !lines.some((l) => billsSomething(l, s.toDate))) {
    problems.push({ code: 'nothing_billed', line: null, message: 'This pay application bills no work and no change in stored materials on any line.' });
  }
  refuseIfAny(problems, 'pay_application', 'This pay application');
  const billed = payApplicationFigures(s.lines, s.toDate, lines).summary;
  return {
    type: 'PayApplicationSubmitted',
    data: { jobId: s.jobId, applicationNumber, revision, periodTo: period, lines, billed, by: metadata.actorId, at: metadata.now },
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period's last day: a real date, after the period of the last accepted application. */
function readPeriod(s: ActiveBilling, input: unknown, problems: RefusalProblem[]): string {
  const valid = typeof input === 'string' && DAY.test(input) && new Date(`${input}T00:00:00Z`).toISOString().startsWith(input);
  if (!valid) {
    problems.push({ code: 'period', line: null, message: 'Give the last day of the period this application bills, as a date like 2026-11-30.' });
    return '';
  }
  const last = s.applications.filter((a) => a.status === 'accepted').at(-1);
  if (last && input <= last.periodTo) {
    problems.push({
      code: 'period_order',
      line: null,
      message: `The period must end after ${last.periodTo}, the end of pay application ${last.applicationNumber}.`,
    });
  }
  return input;
}

/** The buyer, or the certifier the buyer named: nobody else certifies, and the seller's side never. */
function requireCertifier(s: ActiveBilling, project: BillingProjectFacts, metadata: CommandMetadata): 'buyer' | 'certifier' {
  const named = s.certifier !== null && metadata.actorId === s.certifier.userId && (metadata.actorRole === 'customer' || metadata.actorRole === 'company');
  const sellerSide = metadata.actorCompanyId != null && metadata.actorCompanyId === project.companyId;
  if (named && !sellerSide && metadata.actorId !== project.customerId) {
    // The certifier is no party: the project's own checks are made here.
    requireProgressBilled(project);
    return 'certifier';
  }
  const party = requireParty(project, metadata, 'certify pay applications');
  if (party !== 'customer') throw forbidden('certifier_only', 'Only the buyer or the certifier the buyer named can certify pay applications.');
  return 'buyer';
}

function requireOpen(s: ActiveBilling, applicationNumber: unknown): ApplicationState {
  const application = s.applications.find((a) => a.applicationNumber === applicationNumber);
  if (!application) throw notFound('application_not_found', 'There is no such pay application.');
  if (application.status === 'accepted')
    throw conflict('application_accepted', 'This pay application was accepted and paid; bill what remains on the next one.');
  return application;
}

function requireRevision(s: ActiveBilling, applicationNumber: unknown, revision: unknown): ApplicationState {
  const application = requireOpen(s, applicationNumber);
  if (typeof revision !== 'number' || !Number.isInteger(revision)) throw invalid('revision', 'Say which revision of the pay application this is about.');
  if (revision !== application.revision) {
    throw conflict('revision_changed', `The seller revised this pay application since: look at revision ${application.revision}.`);
  }
  return application;
}

/** The acceptance, the release of each payee's payment due, and its funding when cleared funds cover it, in one append. */
function accepted(
  s: ActiveBilling,
  application: ApplicationState,
  payees: readonly { payeeId: number; currentPaymentDue: string }[],
  metadata: CommandMetadata,
  automatic: boolean,
  lienWaiverState: SiteState | null,
): BillingEvent[] {
  const { applicationNumber, revision } = application;
  const at = metadata.now;
  const paid = payees.filter((p) => money(p.currentPaymentDue).gt(0)).map((p) => ({ payeeId: p.payeeId, amount: p.currentPaymentDue }));
  const events: BillingEvent[] = [
    { type: 'PayApplicationAccepted', data: { jobId: s.jobId, applicationNumber, revision, by: metadata.actorId, automatic, at } },
  ];
  if (paid.length > 0) {
    const total = formatAmount(paid.reduce((t, p) => t.plus(p.amount), money(0)));
    events.push({ type: 'PayApplicationPaymentReleased', data: { jobId: s.jobId, applicationNumber, payees: paid, total, lienWaiverState, at } });
    // Paid at once when cleared funds cover it; else it waits for the deposit whose clearing does.
    events.push(...fundWaitingPayments(events.reduce(evolveBilling, s) as ActiveBilling, at));
  }
  return events;
}
