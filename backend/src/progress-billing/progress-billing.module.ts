import { Module } from '@nestjs/common';

import { AgreementsModule } from '../agreements';
import { CommandSideModule } from '../command-side';
import { DirectoryModule } from '../directory';
import { IdentityModule, LoginCookies } from '../identity';
import { MailModule } from '../mail';
import { PaymentsModule } from '../payments';
import { ReadModelsModule } from '../read-models';
import { AcceptCertificationHandler } from './accept-certification/accept-certification.handler';
import { AcceptCertificationController } from './accept-certification/accept-certification.http.controller';
import { AcceptCertifierInvitationHandler } from './accept-certifier-invitation/accept-certifier-invitation.handler';
import { AcceptCertifierInvitationController } from './accept-certifier-invitation/accept-certifier-invitation.http.controller';
import { BillingCommands } from './billing-commands';
import { BillingReads } from './billing-reads';
import { CertifyPayApplicationHandler } from './certify-pay-application/certify-pay-application.handler';
import { CertifyPayApplicationController } from './certify-pay-application/certify-pay-application.http.controller';
import { CheckCertifierInvitationController } from './check-certifier-invitation/check-certifier-invitation.http.controller';
import { CheckCertifierInvitationHandler } from './check-certifier-invitation/check-certifier-invitation.query';
import { ChooseBillingMethodHandler } from './choose-billing-method/choose-billing-method.handler';
import { ChooseBillingMethodController } from './choose-billing-method/choose-billing-method.http.controller';
import { BillingRetainageMail } from './decide-on-billing-retainage/billing-retainage.mail';
import { DecideOnBillingRetainageHandler } from './decide-on-billing-retainage/decide-on-billing-retainage.handler';
import { DecideOnBillingRetainageController } from './decide-on-billing-retainage/decide-on-billing-retainage.http.controller';
import { DecideOnChangeOrderHandler } from './decide-on-change-order/decide-on-change-order.handler';
import { DecideOnChangeOrderController } from './decide-on-change-order/decide-on-change-order.http.controller';
import { DecideOnScheduleHandler } from './decide-on-schedule/decide-on-schedule.handler';
import { DecideOnScheduleController } from './decide-on-schedule/decide-on-schedule.http.controller';
import { GetPayApplicationDocumentsController } from './get-pay-application-documents/get-pay-application-documents.http.controller';
import { GetPayApplicationsController } from './get-pay-applications/get-pay-applications.http.controller';
import { GetPayApplicationHandler, ListPayApplicationsHandler } from './get-pay-applications/get-pay-applications.query';
import { GetScheduleController } from './get-schedule/get-schedule.http.controller';
import { GetScheduleHandler } from './get-schedule/get-schedule.query';
import { CertifierInvitationMail } from './invite-certifier/certifier-invitation.mail';
import { InviteCertifierHandler } from './invite-certifier/invite-certifier.handler';
import { InviteCertifierController } from './invite-certifier/invite-certifier.http.controller';
import { ListCertifierInvitationsController } from './list-certifier-invitations/list-certifier-invitations.http.controller';
import { ListCertifierInvitationsHandler } from './list-certifier-invitations/list-certifier-invitations.query';
import { NameCertifierHandler } from './name-certifier/name-certifier.handler';
import { NameCertifierController } from './name-certifier/name-certifier.http.controller';
import { PayeeNames } from './payee-names';
import { ProposeChangeOrderHandler } from './propose-change-order/propose-change-order.handler';
import { ProposeChangeOrderController } from './propose-change-order/propose-change-order.http.controller';
import { ProposeScheduleHandler } from './propose-schedule/propose-schedule.handler';
import { ProposeScheduleController } from './propose-schedule/propose-schedule.http.controller';
import { RequestBillingDepositHandler } from './request-billing-deposit/request-billing-deposit.handler';
import { RequestBillingDepositController } from './request-billing-deposit/request-billing-deposit.http.controller';
import { BalanceReturnMail } from './return-escrow-balance/balance-return.mail';
import { ReturnEscrowBalanceHandler } from './return-escrow-balance/return-escrow-balance.handler';
import { ReturnEscrowBalanceController } from './return-escrow-balance/return-escrow-balance.http.controller';
import { RevisePayApplicationHandler } from './revise-pay-application/revise-pay-application.handler';
import { RevisePayApplicationController } from './revise-pay-application/revise-pay-application.http.controller';
import { RevokeCertifierInvitationHandler } from './revoke-certifier-invitation/revoke-certifier-invitation.handler';
import { RevokeCertifierInvitationController } from './revoke-certifier-invitation/revoke-certifier-invitation.http.controller';
import { SubmitPayApplicationHandler } from './submit-pay-application/submit-pay-application.handler';
import { SubmitPayApplicationController } from './submit-pay-application/submit-pay-application.http.controller';

/** Progress billing (issue 38, docs/progress-billing.md): the schedule of values, pay applications, certification, change orders. */
@Module({
  imports: [CommandSideModule, ReadModelsModule, DirectoryModule, PaymentsModule, AgreementsModule, IdentityModule, MailModule],
  controllers: [
    ChooseBillingMethodController,
    GetScheduleController,
    ProposeScheduleController,
    DecideOnScheduleController,
    NameCertifierController,
    InviteCertifierController,
    ListCertifierInvitationsController,
    RevokeCertifierInvitationController,
    CheckCertifierInvitationController,
    AcceptCertifierInvitationController,
    SubmitPayApplicationController,
    GetPayApplicationsController,
    GetPayApplicationDocumentsController,
    RevisePayApplicationController,
    CertifyPayApplicationController,
    AcceptCertificationController,
    ProposeChangeOrderController,
    DecideOnChangeOrderController,
    RequestBillingDepositController,
    ReturnEscrowBalanceController,
    DecideOnBillingRetainageController,
  ],
  providers: [
    BillingCommands,
    LoginCookies,
    BillingReads,
    ChooseBillingMethodHandler,
    GetScheduleHandler,
    ProposeScheduleHandler,
    DecideOnScheduleHandler,
    NameCertifierHandler,
    InviteCertifierHandler,
    PayeeNames,
    ListCertifierInvitationsHandler,
    RevokeCertifierInvitationHandler,
    CertifierInvitationMail,
    CheckCertifierInvitationHandler,
    AcceptCertifierInvitationHandler,
    SubmitPayApplicationHandler,
    ListPayApplicationsHandler,
    GetPayApplicationHandler,
    RevisePayApplicationHandler,
    CertifyPayApplicationHandler,
    AcceptCertificationHandler,
    ProposeChangeOrderHandler,
    DecideOnChangeOrderHandler,
    RequestBillingDepositHandler,
    ReturnEscrowBalanceHandler,
    BalanceReturnMail,
    DecideOnBillingRetainageHandler,
    BillingRetainageMail,
  ],
})
export class ProgressBillingModule {}
