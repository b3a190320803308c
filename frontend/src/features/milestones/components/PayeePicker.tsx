import { Select } from 'antd';
import { useState } from 'react';

import { type CompanyMatch, usePayeeSearch } from '../api/search-payees';

const NO_COMPANIES_FOUND = 'No companies found.';

/**
 * Picks the company a payee row pays, by a search of the directory rather than one list of every
 * company: the project's seller comes first, and a company already paid by another row of the
 * milestone is not offered again.
 */
export function PayeePicker({
  label,
  value,
  primary,
  taken,
  invalid,
  describedBy,
  onChange,
}: {
  label: string;
  value: CompanyMatch | null;
  primary: CompanyMatch | null;
  taken: Set<number>;
  invalid?: boolean;
  describedBy?: string;
  onChange: (company: CompanyMatch) => void;
}) {
  const [text, setText] = useState('');
  const search = usePayeeSearch(text);
  const free = (c: CompanyMatch) => c.company_id === value?.company_id || !taken.has(c.company_id);
  const candidates = [...(primary ? [primary] : []), ...(value ? [value] : []), ...(text.trim().length >= 2 ? (search.data ?? []) : [])];
  const seen = new Set<number>();
  const options = candidates
    .filter((c) => free(c) && !seen.has(c.company_id) && seen.add(c.company_id))
    .map((c) => ({ value: c.company_id, label: c.company_id === primary?.company_id ? `${c.name} (seller)` : c.name }));
  const typed = text.trim().length >= 2;
  return (
    <Select<number>
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      status={invalid ? 'error' : undefined}
      placeholder="Search a company by name"
      value={value?.company_id}
      options={options}
      virtual={false}
      loading={search.isFetching}
      showSearch={{ filterOption: false, onSearch: setText }}
      notFoundContent={typed && !search.isFetching ? NO_COMPANIES_FOUND : 'Type two letters of the name'}
      onChange={(id) => {
        const company = candidates.find((c) => c.company_id === id);
        if (company) onChange(company);
        setText('');
      }}
      style={{ width: '100%' }}
    />
  );
}
