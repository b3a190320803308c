import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { isOwnLegalName, legalNameOf } from '../../api/agreement';
import { fakeApi, renderScreen } from '../../test/render';
import { signedIn } from '../../test/users';
import { AgreementPage } from './AccountPages';

const buyer = {
  user_id: 10,
  first_name: 'Jordan',
  last_name: 'Buyer',
  phone: null,
  email: 'b@x.test',
  display_name: 'Jordan Buyer',
  company: null,
  permissions: { user: true },
};
const agreement = (buyerSigned: boolean) => ({
  job_id: 7,
  contract_name: 'escrow-agreement-7-abc',
  agreement_hash: 'a'.repeat(64),
  text: 'ESCROW AGREEMENT',
  your_party: 'customer',
  signatures: {
    buyer: buyerSigned ? { signed_name: 'Jordan Buyer', at: '2026-11-02T15:00:00Z' } : null,
    seller: { signed_name: 'Sam Seller', at: '2026-11-01T15:00:00Z' },
  },
});

const open = () =>
  renderScreen(<AgreementPage />, { path: '/portal/project-agreement/customer/7', pattern: '/portal/project-agreement/:signerType/:projectId' });

describe('signing the escrow agreement', () => {
  it("accepts the account's own name whatever its case and spacing, nothing else", () => {
    expect(legalNameOf({ first_name: ' Jordan ', last_name: 'Buyer' })).toBe('Jordan Buyer');
    expect(isOwnLegalName('  jordan    BUYER ', buyer)).toBe(true);
    expect(isOwnLegalName('Somebody Else Entirely', buyer)).toBe(false);
    expect(isOwnLegalName('<script>alert(1)</script>', buyer)).toBe(false);
  });

  it('refuses another name before sending anything, then signs with the legal name', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: buyer };
      if (call.url === '/job/7/agreement') return { status: 200, body: agreement(false) };
      if (call.url === '/job/7/agreement/sign') return { status: 200, body: agreement(true) };
      return undefined;
    });
    open();
    expect(await screen.findByText('Seller: signed by Sam Seller on', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Buyer: not signed yet')).toBeInTheDocument();
    expect(screen.getByText('As on your account: Jordan Buyer')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Type your full legal name to sign'), 'Somebody Else Entirely');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the agreement' }));
    expect(await screen.findByText('Sign with your own legal name as it is on your account: Jordan Buyer.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/sign'))).toBe(false);
    await userEvent.clear(screen.getByLabelText('Type your full legal name to sign'));
    await userEvent.type(screen.getByLabelText('Type your full legal name to sign'), 'jordan  buyer');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the agreement' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/sign'))?.data).toEqual({
        signer_type: 'customer',
        signed_name: 'jordan  buyer',
        agreement_hash: 'a'.repeat(64),
      }),
    );
  });

  it('tells a party who signed an earlier text that the terms changed, and asks for a new signature', async () => {
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: buyer };
      if (call.url === '/job/7/agreement')
        return {
          status: 200,
          body: {
            ...agreement(false),
            earlier_signatures: { buyer: { at: '2026-11-01T15:00:00Z', contract_name: 'escrow-agreement-job-7-old' }, seller: null },
          },
        };
      return undefined;
    });
    open();
    expect(await screen.findByText(/^You signed an earlier text of this agreement on .+\. Its terms have changed since\.$/)).toBeInTheDocument();
    expect(screen.getByText('Read the text below and sign it again: the next deposit waits until both parties have signed it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The text you signed' })).toHaveAttribute('href', '/portal/signed/escrow-agreement-job-7-old');
    expect(screen.getByRole('button', { name: 'Sign the agreement' })).toBeInTheDocument();
  });

  it("shows the server's refusal as it is", async () => {
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: buyer };
      if (call.url === '/job/7/agreement') return { status: 200, body: agreement(false) };
      if (call.url === '/job/7/agreement/sign') return { status: 409, body: { message: 'You have already signed this agreement.' } };
      return undefined;
    });
    open();
    await userEvent.type(await screen.findByLabelText('Type your full legal name to sign'), 'Jordan Buyer');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the agreement' }));
    expect(await screen.findByText('You have already signed this agreement.')).toBeInTheDocument();
  });

  it('once signed shows who signed when and offers no second signature', async () => {
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: buyer };
      if (call.url === '/job/7/agreement') return { status: 200, body: agreement(true) };
      return undefined;
    });
    open();
    expect(await screen.findByText(/^Buyer: signed by Jordan Buyer on /)).toBeInTheDocument();
    expect(screen.getByText(/^You signed as Jordan Buyer on /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign the agreement' })).not.toBeInTheDocument();
  });

  it('tells a project manager who signs for the company under its signing policy, and offers the form only when it lets them (issue 37)', async () => {
    let policy: 'owner_only' | 'owner_and_project_managers' = 'owner_only';
    const unsigned = { ...agreement(true), your_party: 'company', signatures: { ...agreement(true).signatures, seller: null } };
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: signedIn('project_manager', policy) };
      if (call.url === '/job/7/agreement') return { status: 200, body: unsigned };
      return undefined;
    });
    const page = () =>
      renderScreen(<AgreementPage />, { path: '/portal/project-agreement/company/7', pattern: '/portal/project-agreement/:signerType/:projectId' });
    const first = page();
    expect(await screen.findByText("Only the company's owner can sign the escrow agreement.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign the agreement' })).not.toBeInTheDocument();
    first.unmount();
    policy = 'owner_and_project_managers';
    page();
    expect(await screen.findByRole('button', { name: 'Sign the agreement' })).toBeInTheDocument();
  });

  it("names the role a company's signer held when they signed (issue 37)", async () => {
    const signed = agreement(true);
    const withRole = {
      ...signed,
      signatures: {
        ...signed.signatures,
        seller: { signed_name: 'Dana Pruitt', at: '2026-11-01T15:00:00Z', signer_name: 'Dana Pruitt', signer_company_role: 'project_manager' },
      },
    };
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: buyer };
      if (call.url === '/job/7/agreement') return { status: 200, body: withRole };
      return undefined;
    });
    open();
    expect(await screen.findByText(/^Seller: signed by Dana Pruitt \(project manager\) on /)).toBeInTheDocument();
    expect(screen.getByText(/^Buyer: signed by Jordan Buyer on /)).toBeInTheDocument();
  });
});
