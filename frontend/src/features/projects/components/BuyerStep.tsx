import { useState } from 'react';

import { CloseCircleFilledIcon } from '../../../components/alert-icons';
import { LightButton } from '../../../components/LightButton';
import { LightInput } from '../../../components/LightForm';
import { Notice } from '../../../components/Notice';
import { useToasts } from '../../../components/toasts/toasts';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { formatPhoneDisplay, formatPhoneInput, phoneDigits } from '../../../lib/format';
import { TOAST_PARTY_ADDED_MS } from '../../../lib/timers';
import { type BuyerMatch, searchBuyersByPhone, useCreateBuyer } from '../api/new-project';
import { newBuyerValid, NO_BUYERS_FOUND, type Party } from './new-project.rules';

/** The buyer step of a seller's new project: find the buyer by phone, or create a new one. Light controls: it is on the screen's first paint. */
export function BuyerStep({ onBuyer, buyer, disabled }: { onBuyer: (buyer: Party, newCustomer: boolean) => void; buyer: Party | null; disabled: boolean }) {
  const { message } = useToasts();
  const [phone, setPhone] = useState('');
  const [matches, setMatches] = useState<BuyerMatch[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [noMatchOpen, setNoMatchOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState({ first_name: '', last_name: '', phone: '', email: '' });
  const create = useCreateBuyer();

  const search = async () => {
    setSearchError(null);
    try {
      const found = await searchBuyersByPhone(phone);
      setMatches(found);
      setNoMatchOpen(found.length === 0);
    } catch (e) {
      setSearchError(errorMessage(e));
    }
  };
  const choose = (party: Party, newCustomer: boolean) => {
    onBuyer(party, newCustomer);
    void message.success({ content: 'Buyer added', duration: TOAST_PARTY_ADDED_MS / 1000 });
  };
  const addNew = () =>
    create.mutate(
      { ...form, phone: phoneDigits(form.phone) },
      { onSuccess: (created) => choose({ id: created.customer_id, name: created.customer_name }, true) },
    );

  if (buyer)
    return (
      <p>
        Buyer: <strong>{buyer.name}</strong>
      </p>
    );
  return (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
      <label className="el-field" htmlFor="buyer-phone">
        Find the buyer by phone
        <LightInput id="buyer-phone" value={phone} inputMode="tel" placeholder="(555) 555-5555" onChange={(e) => setPhone(formatPhoneInput(e.target.value))} />
      </label>
      <div className="el-actions" style={{ marginTop: space.xs }}>
        <LightButton onClick={search} disabled={phoneDigits(phone).length !== 10}>
          Search
        </LightButton>
        <LightButton onClick={() => setCreating((c) => !c)}>Create New Buyer</LightButton>
      </div>
      {searchError && (
        <Notice tone="danger" icon={<CloseCircleFilledIcon />}>
          {searchError}
        </Notice>
      )}
      {noMatchOpen && (
        <Notice tone="danger" icon={<CloseCircleFilledIcon />} onClose={() => setNoMatchOpen(false)}>
          {NO_BUYERS_FOUND}
        </Notice>
      )}
      {matches && matches.length > 0 && (
        <ul className="el-plain-list" style={{ marginTop: space.sm }}>
          {matches.map((m) => (
            <li key={m.user_id}>
              {m.first_name} {m.last_name}, {formatPhoneDisplay(m.phone)}{' '}
              <LightButton size="small" variant="primary" onClick={() => choose({ id: m.user_id, name: `${m.first_name} ${m.last_name}` }, false)}>
                Add to Project
              </LightButton>
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <section className="el-card" aria-labelledby="new-buyer-title" style={{ marginTop: space.sm }}>
          <div className="el-card__head">
            <h3 id="new-buyer-title" className="el-card__title">
              New buyer
            </h3>
          </div>
          <div className="el-card__body">
            <div className="el-grid el-grid--2" style={{ gap: space.sm }}>
              <label className="el-field" htmlFor="nb-first">
                First name
                <LightInput id="nb-first" value={form.first_name} onChange={(e) => setForm({ ...form, first_name: e.target.value })} />
              </label>
              <label className="el-field" htmlFor="nb-last">
                Last name
                <LightInput id="nb-last" value={form.last_name} onChange={(e) => setForm({ ...form, last_name: e.target.value })} />
              </label>
              <label className="el-field" htmlFor="nb-phone">
                Phone
                <LightInput
                  id="nb-phone"
                  inputMode="tel"
                  placeholder="(555) 555-5555"
                  value={form.phone}
                  onChange={(e) => setForm({ ...form, phone: formatPhoneInput(e.target.value) })}
                />
              </label>
              <label className="el-field" htmlFor="nb-email">
                Email
                <LightInput id="nb-email" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
              </label>
            </div>
            {create.isError && (
              <Notice tone="danger" icon={<CloseCircleFilledIcon />}>
                {errorMessage(create.error)}
              </Notice>
            )}
            <div style={{ marginTop: space.sm }}>
              <LightButton variant="primary" disabled={!newBuyerValid(form)} loading={create.isPending} onClick={addNew}>
                Add-to-Project
              </LightButton>
            </div>
          </div>
        </section>
      )}
    </fieldset>
  );
}
