import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';

import { Notice } from '../components/Notice';
import { Spinner } from '../components/Spinner';
import { space } from '../design/tokens';
import { contractorListQuery } from '../features/directory/api/directory';
import { CompanyCard } from '../features/directory/components/CompanyCard';
import { ContractorSearchForm } from '../features/directory/components/ContractorSearchForm';
import { errorMessage } from '../lib/api-client';

export const NO_MATCH_MESSAGE = "Sorry no contractors matched your search. Here's the complete list of companies.";

/**
 * The contractor list (docs/product.md#contractor-list): driven by the query parameters state and service (path
 * segments /companies/{state}/{service} and /companies/service/{service} work too). A search with
 * no match shows the complete list with a dismissible message.
 */
export function CompaniesPage() {
  const [params] = useSearchParams();
  const { '*': rest = '' } = useParams();
  const location = useLocation();
  const segments = rest.split('/').filter(Boolean).map(decodeURIComponent);
  const fromPath = segments[0] === 'service' ? { state: '', service: segments[1] ?? '' } : { state: segments[0] ?? '', service: segments[1] ?? '' };
  const state = params.get('state') ?? fromPath.state;
  const service = params.get('service') ?? fromPath.service;

  const search = useQuery(contractorListQuery({ state, service }));
  const [dismissed, setDismissed] = useState<string | null>(null);
  const errorText = search.error ? errorMessage(search.error) : null;

  // Arriving at #list scrolls the results (and the no-match message above them) just below the
  // sticky header, not under it: the visitor must see the message before the cards.
  useEffect(() => {
    if (location.hash !== '#list' || !search.data) return;
    const list = document.getElementById('list');
    if (!list) return;
    const header = document.querySelector('header');
    list.style.scrollMarginTop = `${Math.ceil(header?.getBoundingClientRect().height ?? 0) + 16}px`;
    list.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [location.hash, search.data]);

  return (
    <div className="el-page el-container">
      <h1>Find a member contractor</h1>
      <p className="el-muted">Every contractor here works with milestone escrow: your money is only released when you approve the work.</p>
      <ContractorSearchForm key={`${state}|${service}`} initialState={state} initialService={service} />
      <section id="list" aria-label="Contractors" style={{ marginTop: space.lg }}>
        {search.isPending && <Spinner label="Finding contractors…" />}
        {errorText && dismissed !== errorText && (
          <Notice tone="danger" title="We could not load the contractors." onClose={() => setDismissed(errorText)}>
            {errorText}
          </Notice>
        )}
        {search.data?.fellBack && dismissed !== NO_MATCH_MESSAGE && (
          <Notice tone="warning" onClose={() => setDismissed(NO_MATCH_MESSAGE)}>
            {NO_MATCH_MESSAGE}
          </Notice>
        )}
        {search.data && (
          <div className="el-grid el-grid--3" style={{ marginTop: space.base }}>
            {search.data.companies.map((company) => (
              <CompanyCard key={company.company_id} company={company} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
