import { WEBHOOK_KINDS, type WebhookEndpointView, type WebhookEndpointWithSecretView, type WebhookKind } from '@escrow/domain';
import { Alert, App, Button, Card, Checkbox, Input, InputNumber, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';

import { Form } from '../../../components/Form';
import { WideTable } from '../../../components/WideTable';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { type EndpointInput, useChangeEndpoint, useDeleteEndpoint, useEndpoints, useRegisterEndpoint, useRotateSecret } from '../api/webhooks';
import { DeliveryLog } from './DeliveryLog';

const kindLabel = (kind: WebhookKind) => WEBHOOK_KINDS.find((k) => k.kind === kind)?.label ?? kind;

/** The secret, shown once: copy it now, it cannot be shown again. */
function SecretOnce({ endpoint, onClose }: { endpoint: WebhookEndpointWithSecretView; onClose: () => void }) {
  return (
    <Modal open title="Your signing secret" onOk={onClose} onCancel={onClose} okText="I have copied it" cancelButtonProps={{ style: { display: 'none' } }}>
      <p>
        Deliveries to <code>{endpoint.url}</code> are signed with this secret (the <code>Escrow-Signature</code> header). Copy it into your receiver now:{' '}
        <strong>it is not shown again</strong>.
      </p>
      <Typography.Paragraph copyable={{ text: endpoint.secret }} aria-label="Signing secret">
        <code>{endpoint.secret}</code>
      </Typography.Paragraph>
      {endpoint.previous_secret_expires_at && (
        <p>The previous secret keeps signing too until {new Date(endpoint.previous_secret_expires_at).toLocaleString()}.</p>
      )}
    </Modal>
  );
}

function RegisterForm({ onRegistered }: { onRegistered: (endpoint: WebhookEndpointWithSecretView) => void }) {
  const register = useRegisterEndpoint();
  const [form] = Form.useForm<EndpointInput>();
  return (
    <Card title="Add an endpoint" style={{ marginBottom: space.base, overflowWrap: 'anywhere' }}>
      <Form
        form={form}
        name="register-webhook"
        layout="vertical"
        aria-label="Add a webhook endpoint"
        onFinish={(values) =>
          register.mutate(values, {
            onSuccess: (endpoint) => {
              form.resetFields();
              onRegistered(endpoint);
            },
          })
        }
      >
        <Form.Item name="url" label="URL of your receiver" rules={[{ required: true, message: 'Enter the https:// URL of your receiver.' }]}>
          <Input placeholder="https://hooks.example.com/escrow" inputMode="url" />
        </Form.Item>
        {/* A validator, not `required`: antd would put aria-required on the group's div, which no role allows. */}
        <Form.Item
          name="kinds"
          label="Events to send"
          rules={[
            { validator: (_, kinds?: WebhookKind[]) => (kinds?.length ? Promise.resolve() : Promise.reject(new Error('Choose at least one kind of event.'))) },
          ]}
        >
          <Checkbox.Group options={WEBHOOK_KINDS.map((k) => ({ value: k.kind, label: k.label }))} />
        </Form.Item>
        <Form.Item name="description" label="Description (optional)">
          <Input maxLength={200} placeholder="Accounting system" />
        </Form.Item>
        {register.isError && <Alert type="error" showIcon title={errorMessage(register.error)} style={{ marginBottom: space.base }} />}
        <Button type="primary" htmlType="submit" loading={register.isPending}>
          Add endpoint
        </Button>
      </Form>
    </Card>
  );
}

function RotateDialog({
  endpoint,
  onRotated,
  onClose,
}: {
  endpoint: WebhookEndpointView;
  onRotated: (e: WebhookEndpointWithSecretView) => void;
  onClose: () => void;
}) {
  const rotate = useRotateSecret();
  const [hours, setHours] = useState<number>(24);
  return (
    <Modal
      open
      title="Rotate the signing secret"
      okText="Rotate"
      confirmLoading={rotate.isPending}
      onCancel={onClose}
      onOk={() => rotate.mutate({ id: endpoint.id, overlapHours: hours }, { onSuccess: onRotated })}
    >
      <p>
        A new secret is made and shown once. The current one keeps signing as well for the hours below, so your receiver can switch without missing a delivery.
      </p>
      <label htmlFor="overlap-hours">Keep the current secret valid for (hours)</label>
      <InputNumber id="overlap-hours" min={0} max={168} value={hours} onChange={(v) => setHours(v ?? 0)} style={{ display: 'block', marginTop: space.xs }} />
      {rotate.isError && <Alert type="error" showIcon title={errorMessage(rotate.error)} style={{ marginTop: space.base }} />}
    </Modal>
  );
}

/**
 * Webhook endpoints with their delivery logs (docs/webhooks.md): a company's users see and
 * manage their company's; an admin sees every endpoint and registers the platform's own.
 */
/** `readOnly`: why this administrator's role only reads (no form, no actions, no re-send). */
export function WebhookEndpoints({ scope, readOnly = null }: { scope: 'company' | 'admin'; readOnly?: string | null }) {
  const endpoints = useEndpoints();
  const change = useChangeEndpoint();
  const remove = useDeleteEndpoint();
  const { message, modal } = App.useApp();
  const [secret, setSecret] = useState<WebhookEndpointWithSecretView | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpointView | null>(null);
  const failed = (e: unknown) => void message.error(errorMessage(e));
  return (
    <>
      {readOnly ? <p className="el-muted">{readOnly}</p> : <RegisterForm onRegistered={setSecret} />}
      {secret && <SecretOnce endpoint={secret} onClose={() => setSecret(null)} />}
      {rotating && (
        <RotateDialog
          endpoint={rotating}
          onClose={() => setRotating(null)}
          onRotated={(e) => {
            setRotating(null);
            setSecret(e);
          }}
        />
      )}
      {endpoints.isError && <Alert type="error" showIcon title={errorMessage(endpoints.error)} />}
      <WideTable
        size="small"
        rowKey="id"
        loading={endpoints.isPending}
        dataSource={endpoints.data}
        pagination={false}
        aria-label="Webhook endpoints"
        scroll={{ x: 900 }}
        locale={{ emptyText: 'No endpoints yet.' }}
        expandable={{ expandedRowRender: (e) => <DeliveryLog endpointId={e.id} readOnly={readOnly !== null} />, expandRowByClick: false }}
        columns={[
          {
            title: 'Endpoint',
            render: (_, e) => (
              <>
                <code>{e.url}</code>
                {e.description && <div className="el-muted">{e.description}</div>}
              </>
            ),
          },
          { title: 'Events', render: (_, e) => e.kinds.map((k) => <Tag key={k}>{kindLabel(k)}</Tag>) },
          ...(scope === 'admin'
            ? [{ title: 'Hears about', render: (_: unknown, e: WebhookEndpointView) => (e.company_id === null ? 'Every project' : `Company #${e.company_id}`) }]
            : []),
          { title: 'State', render: (_, e) => <Tag color={e.enabled ? 'green' : 'default'}>{e.enabled ? 'Active' : 'Paused'}</Tag> },
          {
            title: 'Secret',
            render: (_, e) =>
              e.previous_secret_expires_at ? `Rotated; the previous one signs too until ${new Date(e.previous_secret_expires_at).toLocaleString()}` : 'Set',
          },
          ...(readOnly
            ? []
            : [
                {
                  title: 'Actions',
                  render: (_: unknown, e: WebhookEndpointView) => (
                    <div className="el-table-actions">
                      <Button
                        size="small"
                        aria-label={`${e.enabled ? 'Pause' : 'Resume'} ${e.url}`}
                        onClick={() => change.mutate({ id: e.id, enabled: !e.enabled }, { onError: failed })}
                      >
                        {e.enabled ? 'Pause' : 'Resume'}
                      </Button>
                      <Button size="small" aria-label={`Rotate secret of ${e.url}`} onClick={() => setRotating(e)}>
                        Rotate secret
                      </Button>
                      <Button
                        size="small"
                        danger
                        aria-label={`Delete ${e.url}`}
                        onClick={() =>
                          void modal.confirm({
                            title: 'Delete this endpoint?',
                            content: 'Nothing more is sent to it; deliveries not yet made are cancelled.',
                            okText: 'Delete',
                            okButtonProps: { danger: true },
                            onOk: () => remove.mutateAsync(e.id).catch(failed),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </div>
                  ),
                },
              ]),
        ]}
      />
    </>
  );
}
