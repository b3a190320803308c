import { Input } from 'antd';

import { space } from '../../design/tokens';
import { Form } from '../Form';

/** What a person new to Escrow Ledger gives when an invitation link makes their account (the email is the link's). */
export interface NewAccountInput {
  first_name: string;
  last_name: string;
  password: string;
}

/** The name and password fields of an invitation's sign-up (a company's, a certifier's), inside the caller's Form. */
export function NewAccountFields() {
  return (
    <>
      <div className="el-grid el-grid--2" style={{ gap: 0, columnGap: space.base }}>
        <Form.Item label="First name" name="first_name" rules={[{ required: true, whitespace: true, message: 'Enter your first name.' }]}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Last name" name="last_name" rules={[{ required: true, whitespace: true, message: 'Enter your last name.' }]}>
          <Input autoComplete="family-name" />
        </Form.Item>
      </div>
      <Form.Item
        label="Password"
        name="password"
        rules={[
          { required: true, message: 'Please choose a password.' },
          { min: 10, message: 'Choose a password of at least 10 characters.' },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
