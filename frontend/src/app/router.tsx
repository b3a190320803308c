import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';

import { Spinner } from '../components/Spinner';
import { loadChunk } from '../lib/lazy-route';
import { withFirstPaintData } from './first-paint-data';
import { RootLayout } from './layout/RootLayout';
import { RouteError } from './RouteError';

/** A route whose code loads on first visit (with the chunk time-out of docs/product.md#timers). */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): Pick<RouteObject, 'lazy'> {
  return { lazy: () => loadChunk(load).then((module) => ({ Component: module[name] as React.ComponentType })) };
}

const info = () => import('../pages/InfoPages');
const forms = () => import('../pages/FormPages');
const portalAccount = () => import('../pages/portal/AccountPages');
const adminDashboard = () => import('../pages/admin/DashboardPage');
const adminProjects = () => import('../pages/admin/ProjectPages');
const adminDirectory = () => import('../pages/admin/DirectoryPages');

/** Every route of docs/product.md#screens-and-routes. Public routes are exact unless the spec says otherwise. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <Spinner />,
    children: [
      { index: true, ...page(() => import('../pages/HomePage'), 'HomePage') },
      { path: 'promise', ...page(info, 'PromisePage') },
      { path: 'escrow', ...page(info, 'EscrowPage') },
      { path: 'pricing', ...page(info, 'PricingPage') },
      { path: 'privacy', ...page(info, 'PrivacyPage') },
      { path: 'email', ...page(info, 'EmailPage') },
      { path: 'contact', ...page(forms, 'ContactPage') },
      { path: 'join', ...page(forms, 'JoinPage') },
      { path: 'login', ...page(() => import('../pages/LoginPage'), 'LoginPage') },
      { path: 'apply', ...page(forms, 'ApplyPage') },
      { path: 'new/*', ...page(forms, 'NewBuyerPage') },
      { path: 'customer/new/:hash/*', ...page(forms, 'InvitedBuyerPage') },
      { path: 'password/forgot', ...page(forms, 'ForgotPasswordPage') },
      { path: 'password/reset/:code', ...page(forms, 'ResetPasswordPage') },
      { path: 'delete-my-account', ...page(forms, 'DeleteAccountPage') },
      { path: 'verify-email/:code', ...page(() => import('../pages/EmailLinkPages'), 'VerifyEmailPage') },
      { path: 'confirm-email/:code', ...page(() => import('../pages/EmailLinkPages'), 'ConfirmEmailPage') },
      { path: 'team/join/:code', ...page(() => import('../pages/TeamJoinPage'), 'TeamJoinPage') },
      { path: 'certify/join/:code', ...page(() => import('../pages/CertifierJoinPage'), 'CertifierJoinPage') },
      { path: 'not-me/:code', ...page(() => import('../pages/EmailLinkPages'), 'NotMePage') },
      { path: 'companies/*', ...page(() => import('../pages/CompaniesPage'), 'CompaniesPage') },
      { path: 'company/:id', ...page(() => import('../pages/CompanyPage'), 'CompanyPage') },
      { path: 'portal', ...page(() => import('../pages/PortalPage'), 'PortalPage') },
      { path: 'portal/new-project/:type', ...page(() => import('../pages/portal/NewProjectPage'), 'NewProjectPage') },
      { path: 'portal/job/:projectId', ...page(() => import('../pages/portal/ProjectPage'), 'ProjectPage') },
      { path: 'portal/job/:projectId/ach', ...page(portalAccount, 'AchPage') },
      { path: 'portal/ach/:projectId', ...page(portalAccount, 'AchPage') },
      { path: 'portal/direct-deposit', ...page(portalAccount, 'DirectDepositPage') },
      { path: 'portal/project-agreement/:signerType/:projectId', ...page(portalAccount, 'AgreementPage') },
      { path: 'portal/signed/:contractName', ...page(portalAccount, 'SignedAgreementPage') },
      { path: 'portal/job/:projectId/payment-release', ...page(portalAccount, 'PaymentReleasePage') },
      { path: 'portal/account/security', ...page(() => import('../pages/portal/SecurityPage'), 'SecurityPage') },
      { path: 'portal/account/team', ...page(() => import('../pages/portal/TeamPage'), 'TeamPage') },
      { path: 'portal/webhooks', ...page(() => import('../pages/portal/IntegrationsPage'), 'IntegrationsPage') },
      { path: 'portal/waivers', ...page(() => import('../pages/portal/WaiverPages'), 'CompanyWaiversPage') },
      { path: 'portal/waivers/:name', ...page(() => import('../pages/portal/WaiverPages'), 'WaiverDocumentPage') },
      { path: 'admin', ...page(adminDashboard, 'AdminDashboardPage') },
      { path: 'admin/dashboard', ...page(adminDashboard, 'AdminDashboardPage') },
      { path: 'admin/payments', ...page(() => import('../pages/admin/PaymentsPage'), 'AdminPaymentsPage') },
      { path: 'admin/reports', ...page(() => import('../pages/admin/ReportsPage'), 'AdminReportsPage') },
      { path: 'admin/disputes', ...page(() => import('../pages/admin/DisputesPage'), 'AdminDisputesPage') },
      { path: 'admin/projects', ...page(adminProjects, 'AdminProjectsPage') },
      { path: 'admin/job/:projectId', ...page(adminProjects, 'AdminProjectPage') },
      { path: 'admin/job/:projectId/contracts', ...page(adminProjects, 'AdminContractsPage') },
      { path: 'admin/job/:projectId/unsigned-contracts', ...page(adminProjects, 'AdminUnsignedContractsPage') },
      { path: 'admin/signed/:contractName', ...page(adminProjects, 'AdminSignedPage') },
      { path: 'admin/users', ...page(adminDirectory, 'AdminUsersPage') },
      { path: 'admin/contractors', ...page(adminDirectory, 'AdminContractorsPage') },
      { path: 'admin/companies/:companyId/bank-accounts', ...page(adminDirectory, 'AdminCompanyBankAccountsPage') },
      { path: 'admin/companies/:companyId/team', ...page(adminDirectory, 'AdminCompanyTeamPage') },
      { path: 'admin/operations', ...page(() => import('../pages/admin/OperationsPage'), 'AdminOperationsPage') },
      { path: 'admin/webhooks', ...page(() => import('../pages/admin/WebhooksPage'), 'AdminWebhooksPage') },
      { path: 'admin/security-log', ...page(() => import('../pages/admin/SecurityLogPage'), 'AdminSecurityLogPage') },
      { path: '*', ...page(info, 'NotFoundPage') },
    ],
  },
];

export const createRouter = (client: QueryClient) => createBrowserRouter(withFirstPaintData(routes, client));
