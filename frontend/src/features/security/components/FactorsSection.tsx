import type { AccountSecurity, PasskeyView } from '@escrow/domain';
import { Alert, Button, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';

import { Form } from '../../../components/Form';
import { LightTable } from '../../../components/LightTable';
import { passkeyErrorMessage } from '../../../components/second-factor';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { useNewRecoveryCodes } from '../api/recovery-codes';
import { useRemoveTotp } from '../api/totp';
import { formatWhen } from './format';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpEnrolment } from './TotpEnrolment';

export const NO_FACTOR_YET =
  'You have no second factor yet. Add an authenticator app or a passkey: then a stolen password alone cannot sign in to your account or move money.';

/** The authenticator app: add it (QR code and key), or remove it (step-up). */
export function TotpSection({ security }: { security: AccountSecurity }) {
  const [adding, setAdding] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const remove = useRemoveTotp();
  return (
    <section aria-labelledby="totp-title" className="el-security__section">
      <h2 id="totp-title">Authenticator app</h2>
      {adding ? (
        // Kept until the person closes it: the first factor's recovery codes show here once.
        <TotpEnrolment autoStart onDone={() => setAdding(false)} />
      ) : security.totp.enrolled ? (
        <>
          <p>
            <Tag color="green">On</Tag> Set up on {formatWhen(security.totp.enrolled_at)}.
          </p>
          <Button danger onClick={() => setConfirmRemove(true)} loading={remove.isPending}>
            Remove authenticator app
          </Button>
          {remove.isError && <Alert type="error" showIcon title={errorMessage(remove.error)} style={{ marginTop: space.sm }} />}
          <Modal
            open={confirmRemove}
            title="Remove the authenticator app?"
            okText="Remove"
            okButtonProps={{ danger: true }}
            onOk={() => {
              setConfirmRemove(false);
              remove.mutate();
            }}
            onCancel={() => setConfirmRemove(false)}
          >
            <p>
              Codes from the app will no longer sign you in.
              {security.passkeys.length === 0 ? ' You will have no second factor left except your recovery codes.' : ''}
            </p>
          </Modal>
        </>
      ) : (
        <>
          <p>Codes from an app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, …).</p>
          <Button type="primary" onClick={() => setAdding(true)}>
            Set up an authenticator app
          </Button>
        </>
      )}
      {remove.isSuccess && !security.totp.enrolled && (
        <Alert type="success" showIcon title="The authenticator app is removed." style={{ marginTop: space.sm }} />
      )}
    </section>
  );
}

/** Passkeys: several per person, named, renamed and removed (step-up for adding and removing). */
export function PasskeysSection({ passkeys }: { passkeys: PasskeyView[] }) {
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [addForm] = Form.useForm<{ name: string }>();
  const [renaming, setRenaming] = useState<PasskeyView | null>(null);
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const [renameForm] = Form.useForm<{ name: string }>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [addError, setAddError] = useState<string | null>(null);

  const submitAdd = ({ name }: { name: string }) => {
    setAddError(null);
    add.mutate(name, {
      onSuccess: (passkey) => {
        addForm.resetFields();
        if (passkey.recovery_codes?.length) setCodes(passkey.recovery_codes);
      },
      onError: (error) => setAddError(passkeyErrorMessage(error)),
    });
  };

  return (
    <section aria-labelledby="passkeys-title" className="el-security__section">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>A passkey signs you in with this device's screen lock or a security key, without a password.</p>
      {codes && <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />}
      {passkeys.length > 0 ? (
        <LightTable<PasskeyView>
          rowKey="passkey_id"
          label="Your passkeys"
          rows={passkeys}
          size="small"
          columns={[
            { title: 'Name', dataIndex: 'name' },
            { title: 'Added', dataIndex: 'created_at', render: (v) => formatWhen(v as string) },
            { title: 'Last used', dataIndex: 'last_used_at', render: (v) => (v ? formatWhen(v as string) : 'Not yet') },
            {
              title: 'Actions',
              render: (_, p) => (
                <Space wrap>
                  <Button
                    size="small"
                    onClick={() => {
                      renameForm.setFieldsValue({ name: p.name });
                      setRenaming(p);
                    }}
                  >
                    Rename {p.name}
                  </Button>
                  <Button size="small" danger onClick={() => setRemoving(p)}>
                    Remove {p.name}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      ) : (
        <p>No passkeys yet.</p>
      )}
      {(rename.isError || remove.isError) && (
        <Alert type="error" showIcon title={errorMessage(rename.error ?? remove.error)} style={{ marginBlock: space.sm }} />
      )}
      <Form form={addForm} layout="inline" onFinish={submitAdd} name="add-passkey" requiredMark={false} style={{ marginTop: space.base, rowGap: space.xs }}>
        <Form.Item label="Passkey name" name="name" rules={[{ required: true, whitespace: true, message: 'Name the passkey, like "Work laptop".' }]}>
          <Input maxLength={60} placeholder="Work laptop" />
        </Form.Item>
        <Button htmlType="submit" loading={add.isPending}>
          Add a passkey
        </Button>
      </Form>
      {addError && <Alert type="error" showIcon title={addError} style={{ marginTop: space.sm }} data-testid="add-passkey-error" />}
      <Modal
        open={renaming !== null}
        title="Rename passkey"
        okText="Save"
        confirmLoading={rename.isPending}
        onOk={() => renameForm.submit()}
        onCancel={() => setRenaming(null)}
        forceRender
      >
        <Form
          form={renameForm}
          layout="vertical"
          name="rename-passkey"
          onFinish={({ name }: { name: string }) => renaming && rename.mutate({ id: renaming.passkey_id, name }, { onSuccess: () => setRenaming(null) })}
        >
          <Form.Item label="New name" name="name" rules={[{ required: true, whitespace: true, message: 'Name the passkey, like "Work laptop".' }]}>
            <Input maxLength={60} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={removing !== null}
        title={`Remove the passkey ${removing?.name ?? ''}?`}
        okText="Remove"
        okButtonProps={{ danger: true }}
        onOk={() => {
          if (removing) remove.mutate(removing.passkey_id);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>It will no longer sign you in. Remove it from the device too if you no longer use it.</p>
      </Modal>
    </section>
  );
}

/** How many recovery codes are left; a new set replaces the old one (step-up). */
export function RecoveryCodesSection({ left, hasFactor }: { left: number; hasFactor: boolean }) {
  const renew = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!hasFactor) return null;
  return (
    <section aria-labelledby="recovery-title" className="el-security__section">
      <h2 id="recovery-title">Recovery codes</h2>
      {codes ? (
        <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />
      ) : (
        <>
          <p data-testid="recovery-codes-left">
            {left === 0
              ? 'You have no recovery codes left: generate a new set and keep it somewhere safe.'
              : `${left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`} Each signs you in once when you have neither your app nor a passkey.`}
          </p>
          <Button onClick={() => renew.mutate(undefined, { onSuccess: setCodes })} loading={renew.isPending}>
            Generate new recovery codes
          </Button>
          {renew.isError && <Alert type="error" showIcon title={errorMessage(renew.error)} style={{ marginTop: space.sm }} />}
        </>
      )}
    </section>
  );
}
