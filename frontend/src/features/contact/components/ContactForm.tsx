import { Alert, Button, Input } from 'antd';

import { Form } from '../../../components/Form';
import { EmailField } from '../../../components/forms/PersonFields';
import { ThemeProvider } from '../../../components/ThemeProvider';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { type ContactInput, useSendContact } from '../api/send-contact';

/** The contact form, loaded lazily on /contact (docs/product.md#public-pages). */
export default function ContactForm() {
  const send = useSendContact();
  return (
    <ThemeProvider>
      {send.isSuccess ? (
        <Alert type="success" showIcon title="Message sent." description={send.data.message} />
      ) : (
        <Form layout="vertical" requiredMark={false} onFinish={(values: ContactInput) => send.mutate(values)}>
          <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Please enter your name.' }]}>
            <Input autoComplete="name" />
          </Form.Item>
          <EmailField />
          <Form.Item label="Phone (optional)" name="phone">
            <Input inputMode="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item label="Message" name="message" rules={[{ required: true, whitespace: true, message: 'Please write your message.' }]}>
            <Input.TextArea rows={5} maxLength={5000} />
          </Form.Item>
          {send.isError && <Alert type="error" showIcon title={errorMessage(send.error)} style={{ marginBottom: space.base }} />}
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            Send message
          </Button>
        </Form>
      )}
    </ThemeProvider>
  );
}
