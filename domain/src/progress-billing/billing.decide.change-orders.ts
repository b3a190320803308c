import { otherParty, partyName } from '../milestones/milestone.rules';
import { formatAmount, formatDollars, money, sum } from '../money/money';
import { assertNever } from '../shared/command';
import { conflict, invalid, notFound, type RefusalProblem } from '../shared/errors';
import { foreignFiles, foreignFilesProblem } from './billing.decide.files';
import { readReason, refuseIfAny, requireParty, requireSchedule, requireSubmitted } from './billing.rules';
import { type ActiveBilling, type BillingState, type ChangeOrderState, openApplication } from './billing.state';
import type { ApproveChangeOrder, ProposeChangeOrder, RejectChangeOrder } from './commands';
import type { BillingEvent, ValueChange } from './events';
import { NOTHING_CERTIFIED } from './pay-application.figures';
import { contractSumOf, isProblem, readLineNumber, readNonNegative, readScheduleLines, type ScheduleLine } from './schedule';

export type ChangeOrderCommand = ProposeChangeOrder | ApproveChangeOrder | RejectChangeOrder;

const MAX_ATTACHMENTS = 20;
const ATTACHMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Change orders (docs/progress-billing.md#change-orders): either party proposes new lines or new
 * scheduled values, with a reason; proposing is the proposer's approval, the other party's makes
 * it part of the contract. A line never drops below what was certified on it.
 */
export function decideChangeOrder(command: ChangeOrderCommand, state: BillingState): BillingEvent[] {
  const { metadata, project } = command;
  const at = metadata.now;
  const s = requireSchedule(state);
  switch (command.type) {
    case 'ProposeChangeOrder': {
      const party = requireParty(project, metadata, 'propose change orders');
      requireSubmitted(project, 'propose change orders');
      const d = command.data;
      if (!Number.isSafeInteger(d.changeOrderId) || d.changeOrderId < 1) throw invalid('change_order', 'Say which change order this is.');
      if (s.changeOrders.some((o) => o.changeOrderId === d.changeOrderId)) throw conflict('change_order_exists', 'This change order already exists.');
      const reason = readReason(d.reason, 'reason for the change order', true)!;
      const attachmentIds = readAttachments(d.attachmentIds);
      const problems: RefusalProblem[] = [];
      const foreign = foreignFiles(s, attachmentIds);
      if (foreign.length > 0) problems.push(foreignFilesProblem(null, foreign));
      const changes = readChanges(s, d.changes ?? [], problems);
      const newLines = d.newLines && d.newLines.length > 0 ? readScheduleLines(d.newLines, new Set(), problems) : [];
      if (problems.length === 0 && changes.length === 0 && newLines.length === 0) {
        problems.push({ code: 'change_order_empty', line: null, message: 'A change order adds lines or changes the scheduled value of some.' });
      }
      problems.push(...fitProblems(s, changes, newLines));
      refuseIfAny(problems, 'change_order', 'This change order');
      const netChange = sum(changes.map((c) => money(c.to).minus(c.from))).plus(sum(newLines.map((l) => money(l.scheduledValue))));
      return [
        {
          type: 'ChangeOrderProposed',
          data: {
            jobId: s.jobId,
            changeOrderId: d.changeOrderId,
            party,
            by: metadata.actorId,
            reason,
            attachmentIds,
            changes,
            newLines,
            netChange: formatAmount(netChange),
            at,
          },
        },
      ];
    }
    case 'ApproveChangeOrder': {
      const party = requireParty(project, metadata, 'approve change orders');
      requireSubmitted(project, 'approve change orders');
      const order = requireProposed(s, command.data.changeOrderId);
      if (order.party === party) throw conflict('own_change_order', `You proposed this change order: the ${partyName(otherParty(party))} approves it.`);
      const open = openApplication(s);
      if (open) {
        throw conflict(
          'application_open',
          `Pay application ${open.applicationNumber} is still open: approve the change order once it is accepted, so the change shows on the next application.`,
        );
      }
      const problems = fitProblems(s, order.changes, order.newLines);
      for (const change of order.changes) {
        const line = s.lines.find((l) => l.number === change.line);
        if (line && line.scheduledValue !== change.from) {
          problems.push({
            code: 'change_order_stale',
            line: change.line,
            message: `Line ${change.line}: its scheduled value changed to ${formatDollars(line.scheduledValue)} since this change order was proposed; propose it again.`,
          });
        }
      }
      refuseIfAny(problems, 'change_order', 'This change order');
      const before = contractSumOf(s.lines, []);
      return [
        {
          type: 'ChangeOrderApproved',
          data: {
            jobId: s.jobId,
            changeOrderId: order.changeOrderId,
            party,
            by: metadata.actorId,
            contractSumBefore: formatAmount(before),
            contractSumAfter: formatAmount(before.plus(order.netChange)),
            at,
          },
        },
      ];
    }
    case 'RejectChangeOrder': {
      const party = requireParty(project, metadata, 'reject change orders');
      const order = requireProposed(s, command.data.changeOrderId);
      const reason = readReason(command.data.reason, 'reason', false);
      return [{ type: 'ChangeOrderRejected', data: { jobId: s.jobId, changeOrderId: order.changeOrderId, party, by: metadata.actorId, reason, at } }];
    }
    default:
      return assertNever(command);
  }
}

function requireProposed(s: ActiveBilling, changeOrderId: number): ChangeOrderState {
  const order = s.changeOrders.find((o) => o.changeOrderId === changeOrderId);
  if (!order) throw notFound('change_order_not_found', 'There is no such change order.');
  if (order.status !== 'proposed') throw conflict('change_order_decided', `This change order was already ${order.status}.`);
  return order;
}

function readAttachments(input: unknown): string[] {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input) || input.length > MAX_ATTACHMENTS || !input.every((id) => typeof id === 'string' && ATTACHMENT_ID.test(id))) {
    throw invalid('attachments', `Attach at most ${MAX_ATTACHMENTS} files uploaded to this project.`);
  }
  return [...new Set(input as string[])];
}

function readChanges(s: ActiveBilling, inputs: { line: unknown; scheduledValue: unknown }[], problems: RefusalProblem[]): ValueChange[] {
  if (!Array.isArray(inputs)) {
    problems.push({ code: 'changes', line: null, message: 'List the lines whose scheduled value changes.' });
    return [];
  }
  const seen = new Set<string>();
  const changes: ValueChange[] = [];
  for (const input of inputs) {
    const number = readLineNumber(input?.line);
    const line = number === null ? undefined : s.lines.find((l) => l.number === number);
    const label = number ?? '?';
    if (!line) {
      problems.push({ code: 'unknown_line', line: label, message: `Line ${label}: there is no such line in the schedule of values.` });
      continue;
    }
    if (seen.has(label)) {
      problems.push({ code: 'duplicate_line', line: label, message: `Line ${label}: change each line once per change order.` });
      continue;
    }
    seen.add(label);
    const value = readNonNegative(input.scheduledValue, 'new scheduled value', label, 'scheduled_value');
    if (isProblem(value)) {
      problems.push(value);
      continue;
    }
    if (value.eq(line.scheduledValue)) {
      problems.push({ code: 'value_unchanged', line: label, message: `Line ${label}: its scheduled value is ${formatDollars(line.scheduledValue)} already.` });
      continue;
    }
    changes.push({ line: label, from: line.scheduledValue, to: formatAmount(value) });
  }
  return changes;
}

/** A line cannot be reduced below what was certified on it, and the contract sum stays within bounds. */
function fitProblems(s: ActiveBilling, changes: readonly ValueChange[], newLines: readonly ScheduleLine[]): RefusalProblem[] {
  const problems: RefusalProblem[] = [];
  for (const change of changes) {
    const toDate = s.toDate[change.line] ?? NOTHING_CERTIFIED;
    const certified = money(toDate.workCompleted).plus(toDate.stored);
    if (money(change.to).lt(certified)) {
      problems.push({
        code: 'below_certified',
        line: change.line,
        message: `Line ${change.line}: ${formatDollars(certified)} is certified on it already (work and stored materials), so its scheduled value cannot go below that.`,
      });
    }
  }
  const taken = new Set(s.lines.map((l) => l.number));
  for (const line of newLines) {
    if (taken.has(line.number)) {
      problems.push({ code: 'duplicate_line', line: line.number, message: `Line ${line.number}: this item number is already used; give each line its own.` });
    }
  }
  const changed = new Map(changes.map((c) => [c.line, c.to]));
  contractSumOf([...s.lines.map((l) => ({ scheduledValue: changed.get(l.number) ?? l.scheduledValue })), ...newLines], problems);
  return problems;
}
