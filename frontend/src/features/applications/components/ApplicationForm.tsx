import { Alert, Button, Input, Select } from 'antd';

import { useServices } from '../../../api/services';
import { Form } from '../../../components/Form';
import { EmailField, NameFields, PhoneField } from '../../../components/forms/PersonFields';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { STATE_NAMES, STATES } from '../../../lib/format';
import { type ApplicationInput, useApplyAsContractor } from '../api/apply';

const APPLICATION_RECEIVED = 'Application received.';

/** The contractor application of /apply and /join. An admin reviews it before the company is listed. */
export function ApplicationForm() {
  const [form] = Form.useForm<ApplicationInput>();
  const apply = useApplyAsContractor();
  const { data: services = [] } = useServices();
  if (apply.isSuccess) {
    return (
      <Alert
        type="success"
        showIcon
        title={APPLICATION_RECEIVED}
        description="We review every application within two business days and will email you the next steps."
      />
    );
  }
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => apply.mutate(values)}>
      <Form.Item label="Company name" name="company_name" rules={[{ required: true, whitespace: true, message: 'Please enter the company name.' }]}>
        <Input autoComplete="organization" />
      </Form.Item>
      <div className="el-grid el-grid--2" style={{ gap: 0, columnGap: space.base }}>
        <NameFields />
        <EmailField />
        <PhoneField />
        <Form.Item label="City" name="city" rules={[{ required: true, whitespace: true, message: 'Please enter the city.' }]}>
          <Input autoComplete="address-level2" />
        </Form.Item>
        <Form.Item label="State" name="state" rules={[{ required: true, message: 'Choose a state we serve.' }]}>
          <Select placeholder="Select a location" options={STATES.map((s) => ({ value: s, label: `${STATE_NAMES[s]} (${s})` }))} />
        </Form.Item>
      </div>
      <Form.Item
        label="Services"
        name="services"
        rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one service your company offers.' }]}
      >
        <Select mode="multiple" placeholder="Select a service" options={services.map((s) => ({ value: s.service_name, label: s.service_name }))} />
      </Form.Item>
      <div className="el-grid el-grid--2" style={{ gap: 0, columnGap: space.base }}>
        <Form.Item label="License number (optional)" name="license">
          <Input />
        </Form.Item>
        <Form.Item label="Insurance provider (optional)" name="insurance">
          <Input />
        </Form.Item>
      </div>
      <Form.Item label="Website (optional)" name="website_link">
        <Input type="url" placeholder="https://" />
      </Form.Item>
      <Form.Item label="Tell us about your company (optional)" name="message">
        <Input.TextArea rows={4} maxLength={5000} />
      </Form.Item>
      {apply.isError && <Alert type="error" showIcon title={errorMessage(apply.error)} style={{ marginBottom: space.base }} />}
      <Button type="primary" htmlType="submit" loading={apply.isPending}>
        Send my application
      </Button>
    </Form>
  );
}
