import { Alert, App, Input, Modal } from 'antd';

import { Form } from '../../../components/Form';
import { errorMessage } from '../../../lib/api-client';
import { errorCode } from '../../../lib/api-error';
import { type InviteInput, useInviteMember } from '../api/invite-member';
import { RoleChoice } from './RoleChoice';
import { EMAIL_FORMAT, EMAIL_REQUIRED, INVITATION_SENT, ROLE_REQUIRED } from './texts';

/** Refusals about the address itself, shown under the Email field. */
const EMAIL_CODES = new Set(['already_member', 'invitation_pending']);

/**
 * "Invite a member" (owners): an email and one of the four roles, each described. The API's
 * refusal about that address (already a member, an invitation waiting) shows under the field.
 */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<InviteInput>();
  const invite = useInviteMember();
  const { message } = App.useApp();
  const close = () => {
    form.resetFields();
    invite.reset();
    onClose();
  };
  const send = (values: InviteInput) =>
    invite.mutate(values, {
      onSuccess: () => {
        void message.success(INVITATION_SENT(values.email.trim()));
        close();
      },
      onError: (error) => {
        if (EMAIL_CODES.has(errorCode(error) ?? '')) form.setFields([{ name: 'email', errors: [errorMessage(error)] }]);
      },
    });
  const formError = invite.isError && !EMAIL_CODES.has(errorCode(invite.error) ?? '') ? errorMessage(invite.error) : null;
  return (
    <Modal
      open={open}
      title="Invite a member"
      okText="Send invitation"
      cancelText="Cancel"
      confirmLoading={invite.isPending}
      onOk={() => form.submit()}
      onCancel={close}
    >
      <Form<InviteInput> form={form} name="invite" layout="vertical" requiredMark={false} onFinish={send}>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, whitespace: true, message: EMAIL_REQUIRED },
            { type: 'email', message: EMAIL_FORMAT, transform: (v: string) => v?.trim() },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item<InviteInput> label="Role" name="role" rules={[{ required: true, message: ROLE_REQUIRED }]}>
          <RoleChoice aria-label="Role" />
        </Form.Item>
        {formError && <Alert type="error" showIcon title={formError} />}
      </Form>
    </Modal>
  );
}
