import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../test/render';
import { CompaniesPage, NO_MATCH_MESSAGE } from './CompaniesPage';

const company = (id: number, name: string, state = 'AZ') => ({ company_id: id, name, primary_company_name: name, company_img: null, city: 'Mesa', state });

describe('contractor list (docs/product.md#contractor-list)', () => {
  it('shows the cards sorted by name, each with VIEW THEIR PROFILE', async () => {
    fakeApi((call) =>
      call.url === '/services'
        ? { status: 200, body: [{ service_name: 'Roofing' }] }
        : { status: 200, body: [company(2, 'Zeta Roofing'), company(1, 'alpha Builders')] },
    );
    renderScreen(<CompaniesPage />, { path: '/companies?state=AZ&service=Roofing' });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['alpha Builders', 'Zeta Roofing']);
    expect(within(cards[0]!).getByRole('link', { name: 'VIEW THEIR PROFILE' })).toHaveAttribute('href', '/company/1');
  });

  it('falls back to the full list with the dismissible no-match message', async () => {
    let searches = 0;
    fakeApi((call) => {
      if (call.url === '/services') return { status: 200, body: [] };
      searches++;
      return { status: 200, body: searches === 1 ? [] : [company(5, 'Everyone Co')] }; // no match, then the full list
    });
    renderScreen(<CompaniesPage />, { path: '/companies?state=NV&service=Solar' });
    expect(await screen.findByText(NO_MATCH_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Everyone Co' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(NO_MATCH_MESSAGE)).not.toBeInTheDocument();
  });

  it('shows a dismissible error with the HTTP client message when the search fails', async () => {
    fakeApi((call) => (call.url === '/services' ? { status: 200, body: [] } : { status: 503, body: {} }));
    renderScreen(<CompaniesPage />, { path: '/companies?state=AZ' });
    expect(await screen.findByText('Request failed with status code 503')).toBeInTheDocument();
  });

  it('submits the search as /companies?state=..&service=..#list', async () => {
    fakeApi((call) => (call.url === '/services' ? { status: 200, body: [{ service_name: 'Roofing' }] } : { status: 200, body: [] }));
    renderScreen(<CompaniesPage />, { path: '/companies' });
    fireEvent.change(await screen.findByLabelText('Location'), { target: { value: 'UT' } });
    await screen.findByRole('option', { name: 'Roofing' });
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: 'Roofing' } });
    expect(screen.getByRole('option', { name: 'Select a location' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Select a service' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/companies');
  });
});
