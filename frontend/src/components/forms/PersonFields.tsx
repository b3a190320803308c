import { Input } from 'antd';

import { formatPhoneInput } from '../../lib/format';
import { Form } from '../Form';

/**
 * A person's own name, email and phone as the public forms ask for them (sign-up, the contractor
 * application, the contact form, the password reset request): the same labels, rules and
 * messages everywhere. Fields that ask differently stay in their own form: the login's email
 * (only required, the API words the rest), the new email of the security page, the seller's
 * new-buyer card (no antd form: docs/product.md#new-buyer-form disables its button instead) and the contact form's phone
 * (optional free text).
 */
export function NameFields() {
  return (
    <>
      <Form.Item label="First name" name="first_name" rules={[{ required: true, whitespace: true, message: 'Please enter your first name.' }]}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item label="Last name" name="last_name" rules={[{ required: true, whitespace: true, message: 'Please enter your last name.' }]}>
        <Input autoComplete="family-name" />
      </Form.Item>
    </>
  );
}

export function EmailField() {
  return (
    <Form.Item
      label="Email"
      name="email"
      rules={[
        { required: true, message: 'Please enter your email address.' },
        { type: 'email', message: 'Please enter a valid email address.' },
      ]}
    >
      <Input type="email" autoComplete="email" />
    </Form.Item>
  );
}

/** A US phone, formatted as it is typed: (555) 555-5555. */
export function PhoneField() {
  return (
    <Form.Item
      label="Phone"
      name="phone"
      normalize={formatPhoneInput}
      rules={[
        { required: true, message: 'Please enter your phone number.' },
        { pattern: /^\(\d{3}\) \d{3}-\d{4}$/, message: 'Please enter all 10 digits.' },
      ]}
    >
      <Input inputMode="tel" autoComplete="tel-national" placeholder="(555) 555-5555" />
    </Form.Item>
  );
}
