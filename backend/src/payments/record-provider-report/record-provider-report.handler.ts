import { asOriginalId, type BillingCommand, DomainError, type MilestoneCommand } from '@escrow/domain';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { billingStream, EventStreams, milestoneStream, systemMetadata } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { clearsAt, describeReturnWindow } from '../../config/return-window';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { BillingWaiverDocuments, LienWaiverDocuments } from '../../lien-waivers';
import { MAIL_PORT, type MailPort } from '../../mail';
import type { PaymentInstruction, ProviderReport } from '../payment-provider.port';
import { ReturnWindowPolicy } from '../return-window-policy';
import { BillingDepositMails } from './billing-deposit.mails';
import { RecordProviderReport } from './record-provider-report.command';

@CommandHandler(RecordProviderReport)
export class RecordProviderReportHandler implements ICommandHandler<RecordProviderReport> {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly streams: EventStreams,
    private readonly policy: ReturnWindowPolicy,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    private readonly waivers: LienWaiverDocuments,
    private readonly billingWaivers: BillingWaiverDocuments,
    private readonly billingMails: BillingDepositMails,
  ) {}

  async execute({ report }: RecordProviderReport): Promise<void> {
    const { instruction } = report;
    if (instruction.kind === 'progress_debit' || instruction.kind === 'progress_payment' || instruction.kind === 'progress_refund')
      return this.recordOnBilling(report);
    const metadata = systemMetadata();
    let command: MilestoneCommand;
    switch (report.kind) {
      case 'deposit-settled': {
        const clears = clearsAt(new Date(metadata.now), this.policy.window).toISOString();
        command = {
          type: 'SettleDeposit',
          data: {
            depositId: instruction.referenceId,
            providerReference: report.providerReference,
            responseDays: this.config.responseDeadlineDays,
            clearsAt: clears,
          },
          metadata,
        };
        break;
      }
      case 'deposit-failed':
        command = { type: 'FailDeposit', data: { depositId: instruction.referenceId, reason: report.reason }, metadata };
        break;
      case 'deposit-returned':
        command = { type: 'ReturnDeposit', data: { depositId: instruction.referenceId, returnCode: report.returnCode, reason: report.reason }, metadata };
        break;
      case 'payout-paid': {
        // The payment reached the payee: its unconditional lien waiver is generated and recorded as issued.
        const retainage = instruction.kind === 'retainage';
        const unconditionalWaiver = await this.waivers.issueUnconditional(
          asOriginalId(instruction.originalId),
          retainage ? 'retainage' : 'disbursement',
          instruction.referenceId,
          metadata.now.slice(0, 10),
        );
        const { providerReference } = report;
        // The account the provider paid, as the claim named it (masked: no token in an event).
        const paid = instruction.payoutAccount;
        const payoutAccount = paid ? { bankAccountId: paid.bankAccountId, last4: paid.last4, bankName: paid.bankName } : null;
        command = retainage
          ? { type: 'RecordRetainagePaid', data: { payeeId: instruction.referenceId, providerReference, unconditionalWaiver, payoutAccount }, metadata }
          : {
              type: 'RecordDisbursementPaid',
              data: { disbursementId: instruction.referenceId, providerReference, unconditionalWaiver, payoutAccount },
              metadata,
            };
        break;
      }
      case 'refund-paid':
        command =
          instruction.kind === 'retainage_refund'
            ? { type: 'RecordRetainageRefundPaid', data: { refundId: instruction.referenceId, providerReference: report.providerReference }, metadata }
            : { type: 'RecordRefundPaid', data: { refundId: instruction.referenceId, providerReference: report.providerReference }, metadata };
        break;
    }
    const key = report.kind === 'deposit-returned' ? `provider-return-${instruction.instructionKey}` : `provider-${instruction.instructionKey}`;
    try {
      const result = await this.streams.decide(milestoneStream, instruction.originalId, command, {
        idempotencyKey: key,
      });
      if (report.kind === 'deposit-returned' && result.events.some((e) => e.type === 'DepositReturned')) {
        await this.tellPartiesOfReturn(instruction, report.returnCode, report.reason);
      }
    } catch (error) {
      // A return that arrives after the funds cleared cannot un-fund the milestone any more: it
      // needs a person, not a retry every second.
      if (error instanceof DomainError && error.code === 'already_cleared') {
        this.logger.error(
          `deposit ${instruction.referenceId} of milestone ${instruction.originalId} was returned (${report.kind}) after its funds cleared: recover it by hand`,
        );
        return;
      }
      throw error;
    }
  }

  /**
   * A progress-billed project's deposit or payout: the same reports, decided on the project's
   * billing stream (`original_id` is the project there).
   */
  private async recordOnBilling(report: ProviderReport): Promise<void> {
    const { instruction } = report;
    const metadata = systemMetadata();
    const depositId = instruction.referenceId;
    let command: BillingCommand;
    switch (report.kind) {
      case 'deposit-settled':
        command = {
          type: 'SettleBillingDeposit',
          data: { depositId, providerReference: report.providerReference, clearsAt: clearsAt(new Date(metadata.now), this.policy.window).toISOString() },
          metadata,
        };
        break;
      case 'deposit-failed':
        command = { type: 'FailBillingDeposit', data: { depositId, reason: report.reason }, metadata };
        break;
      case 'deposit-returned':
        command = { type: 'ReturnBillingDeposit', data: { depositId, returnCode: report.returnCode, reason: report.reason }, metadata };
        break;
      case 'payout-paid': {
        // The payout reached the payee: its unconditional lien waiver is generated and recorded as issued.
        const payoutId = instruction.referenceId;
        const unconditionalWaiver = await this.billingWaivers.issueUnconditional(instruction.originalId, payoutId, metadata.now.slice(0, 10));
        command = { type: 'RecordBillingPayoutPaid', data: { payoutId, providerReference: report.providerReference, unconditionalWaiver }, metadata };
        break;
      }
      case 'refund-paid':
        // Retainage a dispute's resolution gave back to the buyer; no other billing instruction is a refund.
        if (instruction.kind !== 'progress_refund') throw new Error(`a ${instruction.kind} instruction cannot be refunded`);
        command = {
          type: 'RecordBillingRetainageRefundPaid',
          data: { refundId: instruction.referenceId, providerReference: report.providerReference },
          metadata,
        };
        break;
    }
    const key = report.kind === 'deposit-returned' ? `provider-return-${instruction.instructionKey}` : `provider-${instruction.instructionKey}`;
    try {
      const result = await this.streams.decide(billingStream, instruction.originalId, command, { idempotencyKey: key });
      await this.billingMails.after(result.events, instruction);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'already_cleared') {
        this.logger.error(`billing deposit ${depositId} of project ${instruction.originalId} was returned after its funds cleared: recover it by hand`);
        return;
      }
      throw error;
    }
  }

  /**
   * Both parties hear of a returned deposit: the buyer must deposit again, the seller should not
   * count on the funds. One mail per person and deposit (a repeated report sends nothing new).
   */
  private async tellPartiesOfReturn(instruction: PaymentInstruction, returnCode: string, reason: string): Promise<void> {
    const { rows } = await this.pool.query<{ email: string; first_name: string; service: string }>(
      `SELECT u.email, u.first_name, j.service FROM jobs j JOIN users u ON u.user_id = j.customer_id OR (j.primary_company_id IS NOT NULL AND u.company_id = j.primary_company_id)
        WHERE j.job_id = $1 AND u.email IS NOT NULL`,
      [instruction.projectId],
    );
    for (const person of rows) {
      await this.mail.send({
        to: person.email,
        subject: `Deposit returned by the bank on project ${instruction.projectId}`,
        text: [
          `Hello ${person.first_name},`,
          '',
          `The buyer's bank returned the ACH deposit of $${instruction.amount} for a milestone of project ${instruction.projectId} (${person.service}): ${returnCode} ${reason}.`,
          `The milestone is no longer funded, and nothing will be released to the payees from this deposit. The buyer can deposit again from the project page (funds clear ${describeReturnWindow(this.policy.window)} after they settle).`,
          '',
          `${this.config.publicUrl}/portal/job/${instruction.projectId}`,
        ].join('\n'),
        dedupeKey: `deposit-returned:${instruction.instructionKey}:${person.email}`,
      });
    }
  }
}
