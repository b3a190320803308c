import './contractor-search.css';

import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { LightButton } from '../../../components/LightButton';
import { STATE_NAMES, STATES } from '../../../lib/format';
import { useServices } from '../api/directory';

/** Location and Service selects with empty defaults, and Search (docs/product.md#contractor-list). */
export function ContractorSearchForm({ initialState = '', initialService = '' }: { initialState?: string; initialService?: string }) {
  const { data: services = [] } = useServices();
  const [state, setState] = useState(initialState);
  const [service, setService] = useState(initialService);
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = new URLSearchParams();
    query.set('state', state);
    query.set('service', service);
    navigate(`/companies?${query.toString()}#list`);
  };

  return (
    <form className="el-search" onSubmit={submit} role="search" aria-label="Find a contractor">
      <label className="el-field">
        Location
        <select value={state} onChange={(e) => setState(e.target.value)} aria-label="Location">
          <option value="">Select a location</option>
          {STATES.map((code) => (
            <option key={code} value={code}>
              {STATE_NAMES[code]} ({code})
            </option>
          ))}
        </select>
      </label>
      <label className="el-field">
        Service
        <select value={service} onChange={(e) => setService(e.target.value)} aria-label="Service">
          <option value="">Select a service</option>
          {services.map((s) => (
            <option key={s.service_name} value={s.service_name}>
              {s.service_name}
            </option>
          ))}
        </select>
      </label>
      <LightButton variant="primary" size="large" type="submit">
        Search
      </LightButton>
    </form>
  );
}
