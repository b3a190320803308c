import { Suspense, useState } from 'react';

import { CloseCircleFilledIcon } from '../../../components/alert-icons';
import { ExclamationCircleFilledIcon } from '../../../components/icons';
import { lazyThemed } from '../../../components/lazy-antd';
import { LightButton } from '../../../components/LightButton';
import { LightInput } from '../../../components/LightForm';
import { Notice } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { searchSellers } from '../api/new-project';
import { NO_COMPANIES_FOUND, type Party } from './new-project.rules';

// antd's radio group loads with the first companies found: the step's first paint has no antd.
const SellerChoices = lazyThemed(() => import('./SellerChoices'), 'SellerChoices', { bare: true });

/**
 * The seller step of a buyer's new project: find the company by name and choose it (`saving` while
 * the choice is saved). Light controls: it is on the screen's first paint.
 */
export function SellerStep({
  onNext,
  seller,
  disabled,
  saving,
}: {
  onNext: (seller: Party) => void;
  seller: Party | null;
  disabled: boolean;
  saving: boolean;
}) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Party[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (seller)
    return (
      <p>
        Seller: <strong>{seller.name}</strong>
      </p>
    );
  const search = async () => {
    setError(null);
    setChosen(null);
    try {
      setFound((await searchSellers(text)).map((c) => ({ id: c.company_id, name: c.name })));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <label className="el-field" htmlFor="seller-search">
          Find the seller
          <LightInput id="seller-search" required value={text} onChange={(e) => setText(e.target.value)} placeholder="Company name" />
        </label>
        <div style={{ marginTop: space.xs }}>
          <LightButton type="submit" disabled={!text.trim()}>
            Search
          </LightButton>
        </div>
      </form>
      {error && (
        <Notice tone="danger" icon={<CloseCircleFilledIcon />}>
          {error}
        </Notice>
      )}
      {found && found.length === 0 && (
        <Notice tone="warning" icon={<ExclamationCircleFilledIcon />}>
          {NO_COMPANIES_FOUND}
        </Notice>
      )}
      {found && found.length > 0 && (
        <Suspense fallback={<Spinner label="Loading the companies found…" />}>
          <SellerChoices companies={found} value={chosen} onChange={setChosen} />
        </Suspense>
      )}
      <div style={{ marginTop: space.sm }}>
        <LightButton variant="primary" disabled={chosen === null} loading={saving} onClick={() => onNext(found!.find((c) => c.id === chosen)!)}>
          Next
        </LightButton>
      </div>
    </fieldset>
  );
}
