import type { CompanyRole } from '@escrow/domain';
import { Tag } from 'antd';

import { ROLE_LABELS } from '../../../api/company-role';

const COLOURS: Record<CompanyRole, string> = { owner: 'green', finance: 'blue', project_manager: 'purple', viewer: 'default' };

/** A member's role in words, in the preset tag colours of the theme. */
export function RoleTag({ role }: { role: CompanyRole }) {
  return <Tag color={COLOURS[role]}>{ROLE_LABELS[role]}</Tag>;
}
