import { Radio } from 'antd';

import { space } from '../../../design/tokens';
import type { Party } from './new-project.rules';

/** The companies a buyer's search found, one to choose: antd's radio group, which SellerStep loads with the first results. */
export function SellerChoices({ companies, value, onChange }: { companies: Party[]; value: number | null; onChange: (id: number) => void }) {
  return (
    <Radio.Group style={{ display: 'grid', gap: space.xxs, marginTop: space.sm }} value={value} onChange={(e) => onChange(e.target.value as number)}>
      {companies.map((c) => (
        <Radio key={c.id} value={c.id}>
          {c.name}
        </Radio>
      ))}
    </Radio.Group>
  );
}
