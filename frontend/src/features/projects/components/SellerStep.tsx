import { Alert, Button, Input, Radio } from 'antd';
import { useState } from 'react';

import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { searchSellers } from '../api/new-project';
import { NO_COMPANIES_FOUND, type Party } from './new-project.rules';

/** The seller step of a buyer's new project: find the company by name and choose it (`saving` while the choice is saved). */
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
          <Input id="seller-search" required value={text} onChange={(e) => setText(e.target.value)} placeholder="Company name" />
        </label>
        <Button htmlType="submit" style={{ marginTop: space.xs }} disabled={!text.trim()}>
          Search
        </Button>
      </form>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: space.sm }} />}
      {found && found.length === 0 && <Alert type="warning" showIcon title={NO_COMPANIES_FOUND} style={{ marginTop: space.sm }} />}
      {found && found.length > 0 && (
        <Radio.Group style={{ display: 'grid', gap: space.xxs, marginTop: space.sm }} value={chosen} onChange={(e) => setChosen(e.target.value as number)}>
          {found.map((c) => (
            <Radio key={c.id} value={c.id}>
              {c.name}
            </Radio>
          ))}
        </Radio.Group>
      )}
      <Button
        type="primary"
        style={{ marginTop: space.sm }}
        disabled={chosen === null}
        loading={saving}
        onClick={() => onNext(found!.find((c) => c.id === chosen)!)}
      >
        Next
      </Button>
    </fieldset>
  );
}
