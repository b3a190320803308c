import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import type { ProjectSummary } from '../../api/projects';
import { NO_MILESTONE_YET } from '../../features/projects/components/new-project.rules';
import { fakeApi, renderScreen } from '../../test/render';
import { PortalPage } from '../PortalPage';
import { NewProjectPage } from './NewProjectPage';

const seller = {
  user_id: 21,
  first_name: 'Sam',
  last_name: 'Seller',
  phone: null,
  email: 's@x.test',
  display_name: 'Sam Seller',
  company: { company_id: 100, name: 'Saguaro Build Co.', primary_company_name: 'Saguaro Build Co.' },
  permissions: { user: true },
};
const totals = { agreed: '0.00', deposited: '0.00', held: '0.00', released: '0.00', retainage_held: '0.00', fees: '0.00', refunded: '0.00', to_fund: '0.00' };
const project = (job_id: number, patch: Partial<ProjectSummary> = {}): ProjectSummary => ({
  job_id,
  service: 'Roofing',
  customer_id: 10,
  customer_name: 'Jordan Buyer',
  primary_company_id: 100,
  primary_company_name: 'Saguaro Build Co.',
  customerInitiated: false,
  created_by: 21,
  is_draft: true,
  your_role: 'seller',
  status: 'Draft',
  created_at: '2026-11-01T10:00:00Z',
  submitted_at: null,
  updated_at: '2026-11-01T10:00:00Z',
  signatures: { buyer: null, seller: null },
  milestone_count: 1,
  totals,
  terms: { retainagePercent: '0.00', siteState: null },
  next_action: null,
  waiting_on_you: 0,
  waiting_on: { buyer: 0, seller: 0 },
  ...patch,
});
const newProjectForm = {
  services: [{ service_name: 'Roofing' }, { service_name: 'General Contracting' }],
  formData: { company_id: 100, primary_company_name: 'Saguaro Build Co.', service: 'General Contracting', customerInitiated: false },
};

describe('drafts in the portal', () => {
  it('offers Resume and Discard on the drafts this user started, and discards only after a confirmation', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: seller };
      if (call.url === '/projects')
        return { status: 200, body: [project(77), project(78, { created_by: 10, your_role: 'seller' }), project(79, { is_draft: false, status: 'Active' })] };
      if (call.method === 'DELETE' && call.url === '/job/77') return { status: 200, body: { job_id: 77, discarded: true } };
      return undefined;
    });
    renderScreen(<PortalPage />, { path: '/portal' });
    expect(await screen.findByRole('button', { name: 'Resume draft #77' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume draft #78' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open project #79' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft #77' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard draft #77?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/job/77')).toBe(true));
  });

  it('Resume opens the new-project screen of that draft', async () => {
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: seller };
      if (call.url === '/projects') return { status: 200, body: [project(77)] };
      return undefined;
    });
    renderScreen(<PortalPage />, { path: '/portal' });
    await userEvent.click(await screen.findByRole('button', { name: 'Resume draft #77' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/portal/new-project/company');
  });

  it('takes a resumed draft up with its service, buyer and milestones', async () => {
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: seller };
      if (call.url === '/forms/jobs/new-job-form') return { status: 200, body: newProjectForm };
      if (call.url === '/job/77') return { status: 200, body: project(77) };
      if (call.url === '/milestones/form/job/77')
        return { status: 200, body: { job_id: 77, primary: { jc_id: 100, company_id: 100, name: 'Saguaro Build Co.' }, subs: [] } };
      if (call.url === '/job/77/milestones') return { status: 200, body: [{ original_id: 5, title: 'Roof', deposit_total: '1022.50' }] };
      return undefined;
    });
    renderScreen(
      <App>
        <NewProjectPage />
      </App>,
      { path: '/portal/new-project/company?job=77', pattern: '/portal/new-project/:type' },
    );
    expect(await screen.findByText('Buyer:', { exact: false })).toHaveTextContent('Buyer: Jordan Buyer');
    expect(screen.getByLabelText('Main Service Provided')).toHaveValue('Roofing');
    expect(await screen.findByRole('list', { name: 'Milestones added' })).toHaveTextContent('Roof — deposit $1,022.50');
    expect(screen.getByRole('button', { name: 'Submit Project' })).toBeEnabled();
  });
});

describe("the seller's new project (docs/product.md#project-draft-and-submit)", () => {
  it('preselects no service, and keeps the buyer step disabled until one is chosen', async () => {
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: seller };
      if (call.url === '/forms/jobs/new-job-form') return { status: 200, body: newProjectForm };
      return undefined;
    });
    renderScreen(
      <App>
        <NewProjectPage />
      </App>,
      { path: '/portal/new-project/company', pattern: '/portal/new-project/:type' },
    );
    const service = await screen.findByLabelText('Main Service Provided');
    expect(service).toHaveValue('');
    expect(screen.getByText('Choose the main service first.')).toBeInTheDocument();
    expect(screen.getByLabelText('Find the buyer by phone')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create New Buyer' })).toBeDisabled();
    await userEvent.selectOptions(service, 'Roofing');
    expect(screen.getByLabelText('Find the buyer by phone')).toBeEnabled();
  });

  const draftApi = (milestones: unknown[], submit = { status: 200, body: {} }) =>
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: seller };
      if (call.url === '/forms/jobs/new-job-form') return { status: 200, body: newProjectForm };
      if (call.url === '/job/77') return { status: 200, body: project(77, { milestone_count: milestones.length }) };
      if (call.url === '/milestones/form/job/77')
        return { status: 200, body: { job_id: 77, primary: { jc_id: 100, company_id: 100, name: 'Saguaro Build Co.' }, subs: [] } };
      if (call.url === '/job/77/milestones') return { status: 200, body: milestones };
      if (call.url === '/job/77/draft') return submit;
      return undefined;
    });
  const showDraft = () =>
    renderScreen(
      <App>
        <NewProjectPage />
      </App>,
      { path: '/portal/new-project/company?job=77', pattern: '/portal/new-project/:type' },
    );

  it("shows the API's reason when submitting is refused", async () => {
    draftApi([{ m_id: 5000, original_id: 5000, title: 'Roof', deposit_total: '1022.50' }], {
      status: 403,
      body: { message: 'Only the buyer or the seller of this project can submit it.' },
    });
    showDraft();
    const submit = await screen.findByRole('button', { name: 'Submit Project' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText('Only the buyer or the seller of this project can submit it.')).toBeInTheDocument();
    expect(await screen.findByText('Error Submitting Project')).toBeInTheDocument();
  });

  it('keeps Submit Project disabled without a milestone, and says why beside it (issue 23, point 12)', async () => {
    const { calls } = draftApi([]);
    showDraft();
    const submit = await screen.findByRole('button', { name: 'Submit Project' });
    await waitFor(() => expect(submit).toHaveAccessibleDescription(NO_MILESTONE_YET));
    expect(submit).toBeDisabled();
    await userEvent.click(submit);
    expect(calls.some((c) => c.url === '/job/77/draft')).toBe(false);
  });
});

describe('the draft behind the new-project screen (docs/product.md#project-draft-and-submit)', () => {
  const renderNew = (type: 'company' | 'customer') =>
    renderScreen(
      <App>
        <NewProjectPage />
      </App>,
      { path: `/portal/new-project/${type}`, pattern: '/portal/new-project/:type' },
    );
  const milestoneForm = { job_id: 88, primary: { jc_id: 100, company_id: 100, name: 'Saguaro Build Co.' }, subs: [] };

  it("creates the seller's draft once the service and the buyer are set, then saves a new service to it", async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: seller };
      if (call.url === '/forms/jobs/new-job-form') return { status: 200, body: newProjectForm };
      if (call.url === '/customer/search/phone/5551234567')
        return { status: 200, body: [{ user_id: 10, first_name: 'Jordan', last_name: 'Buyer', phone: '5551234567' }] };
      if (call.method === 'POST' && call.url === '/job/basic') return { status: 200, body: { job_id: 88 } };
      if (call.method === 'PUT' && call.url === '/job/basic') return { status: 200, body: {} };
      if (call.url === '/milestones/form/job/88') return { status: 200, body: milestoneForm };
      if (call.url === '/job/88/milestones') return { status: 200, body: [] };
      return undefined;
    });
    renderNew('company');
    await userEvent.selectOptions(await screen.findByLabelText('Main Service Provided'), 'Roofing');
    await userEvent.type(screen.getByLabelText('Find the buyer by phone'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Project' }));
    expect(await screen.findByText('Buyer added')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Project' })).toHaveAccessibleDescription(NO_MILESTONE_YET));
    const created = calls.filter((c) => c.method === 'POST' && c.url === '/job/basic');
    expect(created).toHaveLength(1);
    expect(created[0]!.data).toMatchObject({ job_id: null, customer_id: 10, customer_name: 'Jordan Buyer', service: 'Roofing', primary_company_id: 100 });

    await userEvent.selectOptions(screen.getByLabelText('Main Service Provided'), 'General Contracting');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/job/basic')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.data).toMatchObject({ state: { job_id: 88, service: 'General Contracting' }, primary: { company_id: 100 } });
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/job/basic')).toHaveLength(1);
  });

  it('makes the buyer who starts a project its buyer, and saves the seller they choose', async () => {
    const buyerUser = {
      ...seller,
      user_id: 10,
      first_name: 'Jordan',
      last_name: 'Buyer',
      phone: '5551234567',
      email: 'j@x.test',
      display_name: 'Jordan Buyer',
      company: null,
    };
    const { calls } = fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: buyerUser };
      if (call.url === '/forms/jobs/new-job-form')
        return {
          status: 200,
          body: { services: newProjectForm.services, formData: { company_id: null, primary_company_name: null, service: null, customerInitiated: true } },
        };
      if (call.url === '/job/customer/new') return { status: 200, body: { customer_id: 10, customer_name: 'Jordan Buyer' } };
      if (call.method === 'POST' && call.url === '/job/basic') return { status: 200, body: { job_id: 88 } };
      if (call.url === '/companies/search/Saguaro') return { status: 200, body: [{ company_id: 100, name: 'Saguaro Build Co.' }] };
      if (call.method === 'PUT' && call.url === '/job/basic') return { status: 200, body: {} };
      if (call.url === '/milestones/form/job/88') return { status: 200, body: milestoneForm };
      if (call.url === '/job/88/milestones') return { status: 200, body: [] };
      return undefined;
    });
    renderNew('customer');
    expect(await screen.findByText('Buyer:', { exact: false })).toHaveTextContent('Buyer: Jordan Buyer (you)');
    expect(calls.find((c) => c.url === '/job/customer/new')!.data).toMatchObject({ user_id: 10, customer_name: 'Jordan Buyer' });
    await userEvent.selectOptions(screen.getByLabelText('Main Service Provided'), 'Roofing');
    await waitFor(() => expect(screen.getByLabelText('Find the seller')).toBeEnabled());
    await userEvent.type(screen.getByLabelText('Find the seller'), 'Saguaro');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Saguaro Build Co.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Seller added')).toBeInTheDocument();
    expect(screen.getByText('Seller:', { exact: false })).toHaveTextContent('Seller: Saguaro Build Co.');
    expect(calls.find((c) => c.method === 'PUT')!.data).toMatchObject({
      state: { job_id: 88, primary_company_id: 100, primary_company_name: 'Saguaro Build Co.' },
      primary: { company_id: 100, primary_company_name: 'Saguaro Build Co.' },
    });
  });

  it('submits the draft and goes to /portal', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: seller };
      if (call.url === '/forms/jobs/new-job-form') return { status: 200, body: newProjectForm };
      if (call.url === '/job/77') return { status: 200, body: project(77) };
      if (call.url === '/milestones/form/job/77') return { status: 200, body: { ...milestoneForm, job_id: 77 } };
      if (call.url === '/job/77/milestones') return { status: 200, body: [{ m_id: 5, original_id: 5, title: 'Roof', deposit_total: '1022.50' }] };
      if (call.url === '/job/77/draft') return { status: 200, body: { job_id: 77, is_draft: false } };
      return undefined;
    });
    renderScreen(
      <App>
        <NewProjectPage />
      </App>,
      { path: '/portal/new-project/company?job=77', pattern: '/portal/new-project/:type' },
    );
    const submit = await screen.findByRole('button', { name: 'Submit Project' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/portal$/));
    expect(calls.find((c) => c.url === '/job/77/draft')!.data).toEqual({ isDraft: false, job_id: 77 });
  });
});
