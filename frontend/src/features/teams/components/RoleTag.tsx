import { COMPANY_ROLE_LABELS, type CompanyRole } from '@escrow/domain';
import { Tag } from 'antd';

const COLOURS: Record<CompanyRole, string> = { owner: 'green', finance: 'blue', project_manager: 'purple', viewer: 'default' };

/** A member's role in words, in the preset tag colours of the theme. */
export function RoleTag({ role }: { role: CompanyRole }) {
  return <Tag color={COLOURS[role]}>{COMPANY_ROLE_LABELS[role]}</Tag>;
}
