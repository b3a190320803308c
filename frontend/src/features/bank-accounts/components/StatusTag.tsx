import { Tag } from 'antd';

import type { BankAccountStatus } from '../../../api/bank-accounts';
import { STATUS_TEXT } from './texts';

const COLOUR: Record<BankAccountStatus, string | undefined> = {
  pending_verification: 'gold',
  verified: 'green',
  locked: 'red',
  removed: undefined,
};

/** An account's status in words (never by colour alone). */
export function StatusTag({ status }: { status: BankAccountStatus }) {
  return <Tag color={COLOUR[status]}>{STATUS_TEXT[status]}</Tag>;
}
