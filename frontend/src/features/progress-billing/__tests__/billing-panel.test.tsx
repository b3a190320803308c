import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { BillingPanel } from '../components/BillingPanel';
import { TEXTS } from '../components/texts';
import { scheduleView, SELLER, submitted } from './fixtures';

const proposed = scheduleView('customer', {
  current_version_id: null,
  current_version_number: null,
  original_contract_sum: null,
  contract_sum: null,
  lines: [],
  versions: [{ ...scheduleView('customer').versions[0]!, status: 'proposed', approved_by: null, approved_at: null }],
});

describe('the Billing tab (issue 38)', () => {
  it('offers the buyer the approval of a proposed version', async () => {
    let now = proposed;
    const { calls } = fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/job/7/schedule') return { status: 200, body: now };
      if (call.method === 'GET' && call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.url === '/job/7/schedule/800/approve') {
        now = scheduleView('customer');
        return { status: 200, body: now };
      }
      return undefined;
    });
    renderScreen(
      <App>
        <BillingPanel projectId={7} isDraft={false} seller={SELLER} />
      </App>,
    );
    const versions = await screen.findByRole('list', { name: 'Schedule versions' });
    expect(within(versions).getByText(/\$100,000\.00, 3 lines/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve version 1' }));
    expect(await screen.findByRole('table', { name: 'Schedule of values' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/job/7/schedule/800/approve')).toHaveLength(1);
    expect(screen.getByText('No pay application is waiting.')).toBeInTheDocument();
  });

  it('numbers the versions in the project, 1, 2, … as proposed, and keeps their ids for the routes', async () => {
    const current = scheduleView('customer').versions[0]!;
    const edit = {
      ...current,
      version_id: 803,
      version_number: 2,
      based_on_version_id: 800,
      based_on_version_number: 1,
      status: 'proposed' as const,
      approved_by: null,
      approved_at: null,
    };
    const { calls } = fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/job/7/schedule') return { status: 200, body: scheduleView('customer', { versions: [current, edit] }) };
      if (call.method === 'GET' && call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.url === '/job/7/schedule/803/approve') return { status: 200, body: scheduleView('customer') };
      return undefined;
    });
    renderScreen(
      <App>
        <BillingPanel projectId={7} isDraft={false} seller={SELLER} />
      </App>,
    );
    const versions = await screen.findByRole('list', { name: 'Schedule versions' });
    expect(within(versions).getByText('Version 2')).toBeInTheDocument();
    expect(within(versions).getByText('Version 1')).toBeInTheDocument();
    expect(versions).toHaveTextContent(', edits version 1');
    expect(within(versions).getByText('Lines of version 2')).toBeInTheDocument();
    expect(screen.getByText(/contract sum to date \$100,000\.00 \(version 1\)\.$/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/80[03]/);
    await userEvent.click(screen.getByRole('button', { name: 'Approve version 2' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/job/7/schedule/803/approve')).toHaveLength(1));
  });

  it('sums the schedule to date with the domain calculator: completed and stored, retainage held, balance to finish', async () => {
    const view = scheduleView('company');
    const [siteWork, concrete, framing] = view.lines;
    fakeApi((call) => {
      if (call.url === '/job/7/schedule')
        return {
          status: 200,
          body: {
            ...view,
            lines: [
              // Complete, its $2,000.00 of retainage released; 60% with the reduction reached ($1,500.00 + $150.00 held); nothing.
              { ...siteWork!, work_completed: '20000.00', retained_at_rate: '20000.00', retainage_released: '2000.00' },
              { ...concrete!, work_completed: '18000.00', retained_at_rate: '15000.00', retained_at_reduced_rate: '3000.00', reduction_reached: true },
              framing!,
            ],
          },
        };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      return undefined;
    });
    renderScreen(
      <App>
        <BillingPanel projectId={7} isDraft={false} seller={SELLER} />
      </App>,
    );
    const toDate = await screen.findByLabelText('The schedule to date');
    expect(toDate).toHaveTextContent('Completed and stored to date$38,000.00');
    expect(toDate).toHaveTextContent('Retainage withheld, not yet released$1,650.00');
    // $100,000.00 less what was earned net of retainage ($38,000.00 − $1,650.00).
    expect(toDate).toHaveTextContent('Balance to finish, including retainage$63,650.00');
  });

  it('says in the schedule to date what a retainage dispute refunded to the owner, out of the balance to finish', async () => {
    const view = scheduleView('customer');
    const [siteWork, concrete, framing] = view.lines;
    fakeApi((call) => {
      if (call.url === '/job/7/schedule')
        return {
          status: 200,
          body: {
            ...view,
            lines: [
              // Complete; its $2,000.00 of retainage refunded to the buyer by an administrator, none released.
              { ...siteWork!, work_completed: '20000.00', retained_at_rate: '20000.00', retainage_refunded: '2000.00' },
              concrete!,
              framing!,
            ],
          },
        };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      return undefined;
    });
    renderScreen(
      <App>
        <BillingPanel projectId={7} isDraft={false} seller={SELLER} />
      </App>,
    );
    const toDate = await screen.findByLabelText('The schedule to date');
    expect(toDate).toHaveTextContent('Completed and stored to date$20,000.00');
    expect(toDate).toHaveTextContent('Retainage withheld, not yet released$0.00');
    expect(toDate).toHaveTextContent('Retainage refunded to the owner$2,000.00');
    // $100,000.00 less what was earned net of retainage ($20,000.00 − $2,000.00 refunded) less the refund.
    expect(toDate).toHaveTextContent('Balance to finish, including retainage$80,000.00');
  });

  it("shows a later application's G702 with the retainage refunded to the owner, as the API sums it", async () => {
    const application = { ...submitted, application_number: 2, summary: { ...submitted.summary, retainage_refunded: '2000.00' } };
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('company', { open_application_number: 2 }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.url === '/job/7/pay-applications/2') return { status: 200, body: application };
      return undefined;
    });
    renderScreen(
      <App>
        <BillingPanel projectId={7} isDraft={false} seller={SELLER} />
      </App>,
    );
    expect(await screen.findByLabelText('Summary as billed')).toHaveTextContent('Retainage refunded to the owner$2,000.00');
  });

  it('lists the applications by period with their status and their PDF and CSV', async () => {
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('company') };
      if (call.url === '/job/7/pay-applications')
        return {
          status: 200,
          body: [
            {
              application_number: 1,
              revision: 1,
              period_to: '2026-11-30',
              status: 'accepted',
              current_payment_due: '27000.00',
              submitted_at: '2026-11-30T10:00:00Z',
            },
            {
              application_number: 2,
              revision: 2,
              period_to: '2026-12-31',
              status: 'certified',
              current_payment_due: '7350.00',
              submitted_at: '2026-12-31T10:00:00Z',
            },
          ],
        };
      return undefined;
    });
    renderScreen(
      <App>
        <BillingPanel projectId={7} isDraft={false} seller={SELLER} />
      </App>,
    );
    const history = await screen.findByRole('table', { name: 'Pay applications' });
    await within(history).findByText('$27,000.00');
    expect(within(history).getByText('No. 2, revision 2')).toBeInTheDocument();
    expect(within(history).getByText('$7,350.00')).toBeInTheDocument();
    expect(within(history).getByText('Accepted')).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'PDF of pay application 1' })).toHaveAttribute('href', '/api/job/7/pay-applications/1/pdf');
    expect(within(history).getByRole('link', { name: 'CSV of pay application 2' })).toHaveAttribute('href', '/api/job/7/pay-applications/2/csv');
    // The seller bills the next period; the schedule is locked once an application bills against it.
    expect(screen.getByRole('button', { name: 'Bill this period' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose a new version' })).not.toBeInTheDocument();
  });

  it('lets a party choose progress billing on the draft', async () => {
    let now = scheduleView('company', { billing: 'milestones', current_version_id: null, versions: [], lines: [] });
    const { calls } = fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/job/7/schedule') return { status: 200, body: now };
      if (call.method === 'GET' && call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.method === 'PUT' && call.url === '/job/7/billing') {
        now = { ...now, billing: 'progress' };
        return { status: 200, body: now };
      }
      if (call.method === 'PUT' && call.url === '/job/7/draft') return { status: 200, body: { job_id: 7 } };
      return undefined;
    });
    renderScreen(
      <App>
        <BillingPanel projectId={7} isDraft seller={SELLER} />
      </App>,
    );
    expect(screen.queryByRole('button', { name: 'Submit Project' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByLabelText(/By progress/));
    expect(await screen.findByRole('button', { name: 'Propose the schedule of values' })).toBeInTheDocument();
    // Billed by progress, the draft is submitted here, without milestones.
    expect(screen.getByText(TEXTS.submitWithoutMilestones)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Project' }));
    await expect
      .poll(() => calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.data]))
      .toEqual([
        ['/job/7/billing', { method: 'progress' }],
        ['/job/7/draft', { isDraft: false, job_id: 7 }],
      ]);
  });
});
