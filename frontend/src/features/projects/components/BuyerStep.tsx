import { Alert, App, Button, Card, Input } from 'antd';
import { useState } from 'react';

import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { formatPhoneDisplay, formatPhoneInput, phoneDigits } from '../../../lib/format';
import { TOAST_PARTY_ADDED_MS } from '../../../lib/timers';
import { type BuyerMatch, searchBuyersByPhone, useCreateBuyer } from '../api/new-project';
import { newBuyerValid, NO_BUYERS_FOUND, type Party } from './new-project.rules';

/** The buyer step of a seller's new project: find the buyer by phone, or create a new one. */
export function BuyerStep({ onBuyer, buyer, disabled }: { onBuyer: (buyer: Party, newCustomer: boolean) => void; buyer: Party | null; disabled: boolean }) {
  const { message } = App.useApp();
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
        <Input id="buyer-phone" value={phone} inputMode="tel" placeholder="(555) 555-5555" onChange={(e) => setPhone(formatPhoneInput(e.target.value))} />
      </label>
      <div className="el-actions" style={{ marginTop: space.xs }}>
        <Button onClick={search} disabled={phoneDigits(phone).length !== 10}>
          Search
        </Button>
        <Button onClick={() => setCreating((c) => !c)}>Create New Buyer</Button>
      </div>
      {searchError && <Alert type="error" showIcon title={searchError} style={{ marginTop: space.sm }} />}
      {noMatchOpen && <Alert type="error" showIcon closable onClose={() => setNoMatchOpen(false)} title={NO_BUYERS_FOUND} style={{ marginTop: space.sm }} />}
      {matches && matches.length > 0 && (
        <ul className="el-plain-list" style={{ marginTop: space.sm }}>
          {matches.map((m) => (
            <li key={m.user_id}>
              {m.first_name} {m.last_name}, {formatPhoneDisplay(m.phone)}{' '}
              <Button size="small" type="primary" onClick={() => choose({ id: m.user_id, name: `${m.first_name} ${m.last_name}` }, false)}>
                Add to Project
              </Button>
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <Card size="small" title="New buyer" style={{ marginTop: space.sm }}>
          <div className="el-grid el-grid--2" style={{ gap: space.sm }}>
            <label className="el-field" htmlFor="nb-first">
              First name
              <Input id="nb-first" value={form.first_name} onChange={(e) => setForm({ ...form, first_name: e.target.value })} />
            </label>
            <label className="el-field" htmlFor="nb-last">
              Last name
              <Input id="nb-last" value={form.last_name} onChange={(e) => setForm({ ...form, last_name: e.target.value })} />
            </label>
            <label className="el-field" htmlFor="nb-phone">
              Phone
              <Input
                id="nb-phone"
                inputMode="tel"
                placeholder="(555) 555-5555"
                value={form.phone}
                onChange={(e) => setForm({ ...form, phone: formatPhoneInput(e.target.value) })}
              />
            </label>
            <label className="el-field" htmlFor="nb-email">
              Email
              <Input id="nb-email" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
            </label>
          </div>
          {create.isError && <Alert type="error" showIcon title={errorMessage(create.error)} style={{ marginTop: space.sm }} />}
          <Button type="primary" style={{ marginTop: space.sm }} disabled={!newBuyerValid(form)} loading={create.isPending} onClick={addNew}>
            Add-to-Project
          </Button>
        </Card>
      )}
    </fieldset>
  );
}
