import { assertNever } from '../shared/command';
import { decideApplication } from './billing.decide.applications';
import { decideBalanceReturn } from './billing.decide.balance-returns';
import { decideCertifierInvitation } from './billing.decide.certifier';
import { decideChangeOrder } from './billing.decide.change-orders';
import { decideEscrow } from './billing.decide.escrow';
import { decideBillingFile } from './billing.decide.files';
import { decideShortfallReminder } from './billing.decide.reminders';
import { decideBillingRetainage } from './billing.decide.retainage';
import { decideBillingRetainageDispute } from './billing.decide.retainage-dispute';
import { decideBillingRetainageEvidence } from './billing.decide.retainage-evidence';
import { decideSchedule } from './billing.decide.schedule';
import type { BillingState } from './billing.state';
import { decideBillingLienWaiver } from './billing.waivers';
import type { BillingCommand } from './commands';
import type { BillingEvent } from './events';

/**
 * The progress-billing rulebook of one project (docs/progress-billing.md): validates a command
 * against the project's billing state and returns the events it causes, or throws a DomainError.
 */
export function decideBilling(command: BillingCommand, state: BillingState): BillingEvent[] {
  switch (command.type) {
    case 'ProposeSchedule':
    case 'ApproveSchedule':
    case 'RejectSchedule':
    case 'NameCertifier':
    case 'RemoveCertifier':
      return decideSchedule(command, state);
    case 'InviteCertifier':
    case 'AcceptCertifierInvitation':
    case 'RevokeCertifierInvitation':
      return decideCertifierInvitation(command, state);
    case 'SubmitPayApplication':
    case 'RevisePayApplication':
    case 'CertifyPayApplication':
    case 'AcceptCertification':
      return decideApplication(command, state);
    case 'RequestBillingDeposit':
    case 'SettleBillingDeposit':
    case 'FailBillingDeposit':
    case 'ClearBillingDeposit':
    case 'ReturnBillingDeposit':
    case 'RecordBillingPayoutPaid':
      return decideEscrow(command, state);
    case 'ProposeChangeOrder':
    case 'ApproveChangeOrder':
    case 'RejectChangeOrder':
      return decideChangeOrder(command, state);
    case 'RequestBillingRetainageRelease':
    case 'ApproveBillingRetainageRelease':
      return decideBillingRetainage(command, state);
    case 'DisputeBillingRetainage':
    case 'ResolveBillingRetainageDispute':
    case 'ApproveBillingRetainageResolution':
    case 'RejectBillingRetainageResolution':
    case 'RecordBillingRetainageRefundPaid':
      return decideBillingRetainageDispute(command, state);
    case 'AddBillingRetainageEvidence':
    case 'RemoveBillingRetainageEvidence':
      return decideBillingRetainageEvidence(command, state);
    case 'SignBillingLienWaiver':
      return decideBillingLienWaiver(command, state);
    case 'AddBillingFile':
      return decideBillingFile(command, state);
    case 'RemindOfBillingShortfall':
      return decideShortfallReminder(command, state);
    case 'RequestBillingBalanceReturn':
    case 'ApproveBillingBalanceReturn':
    case 'DeclineBillingBalanceReturn':
      return decideBalanceReturn(command, state);
    default:
      return assertNever(command);
  }
}
