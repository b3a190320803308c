import { COMPANY_ROLE_LABELS, COMPANY_ROLES } from '@escrow/domain';
import { Radio, type RadioGroupProps } from 'antd';

import { space } from '../../../design/tokens';
import { ROLE_DESCRIPTIONS } from './texts';

/**
 * The four roles as radio buttons, each with its one-line description inside its label (so it is
 * read with it). A Form.Item's control: value, onChange and id come from the item.
 */
export function RoleChoice(props: Omit<RadioGroupProps, 'children' | 'options'> & { 'aria-label': string }) {
  return (
    <Radio.Group {...props} style={{ display: 'grid', gap: space.xs }}>
      {COMPANY_ROLES.map((role) => (
        <Radio key={role} value={role}>
          <strong>{COMPANY_ROLE_LABELS[role]}</strong>: <span className="el-muted">{ROLE_DESCRIPTIONS[role]}</span>
        </Radio>
      ))}
    </Radio.Group>
  );
}
