import type { CompanyNameMatch } from '@escrow/domain';
import { Select } from 'antd';
import { useState } from 'react';

import { useCompanySearch } from '../api/search-companies';

/** The company paid for a line: the project's seller first, any company of the directory by a search of its name. */
export function PayeeSelect({
  label,
  value,
  seller,
  onChange,
}: {
  label: string;
  value: CompanyNameMatch | null;
  seller: CompanyNameMatch | null;
  onChange: (company: CompanyNameMatch) => void;
}) {
  const [text, setText] = useState('');
  const search = useCompanySearch(text);
  const typed = text.trim().length >= 2;
  const candidates = [...(seller ? [seller] : []), ...(value ? [value] : []), ...(typed ? (search.data ?? []) : [])];
  const seen = new Set<number>();
  const options = candidates
    .filter((c) => !seen.has(c.company_id) && seen.add(c.company_id))
    .map((c) => ({ value: c.company_id, label: c.company_id === seller?.company_id ? `${c.name} (seller)` : c.name }));
  return (
    <Select<number>
      aria-label={label}
      placeholder="Search a company by name"
      value={value?.company_id}
      options={options}
      virtual={false}
      loading={search.isFetching}
      showSearch={{ filterOption: false, onSearch: setText }}
      notFoundContent={typed && !search.isFetching ? 'No companies found.' : 'Type two letters of the name'}
      onChange={(id) => {
        const company = candidates.find((c) => c.company_id === id);
        if (company) onChange(company);
        setText('');
      }}
      style={{ width: '100%' }}
    />
  );
}
