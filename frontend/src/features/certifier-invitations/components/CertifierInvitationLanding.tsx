import type { CertifierInvitationPreview } from '@escrow/domain';
import { Alert, Button } from 'antd';
import { Link } from 'react-router-dom';

import { useCurrentUser } from '../../../api/current-user';
import { Form } from '../../../components/Form';
import { notTheInvitedAccount } from '../../../components/forms/InvitedAccountCheck';
import { NewAccountFields, type NewAccountInput } from '../../../components/forms/NewAccountFields';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { errorCode } from '../../../lib/api-error';
import { useAcceptCertifierInvitation, useCertifierInvitation } from '../api/certifier-invitation';

/** What a link that no longer works says, by the API's code. */
const DEAD_LINK: Record<string, string> = {
  invitation_expired: 'This invitation has expired. Ask the buyer to send it again.',
  invitation_used: 'This invitation was already used. Log in instead.',
};
const NOT_FOUND = 'This invitation link does not work. Check that you opened the whole link from the mail, or ask the buyer for a new one.';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Once accepted: what the certifier does now, and where. */
function Accepted({ invitation }: { invitation: CertifierInvitationPreview }) {
  return (
    <Alert
      type="success"
      showIcon
      title={`You now certify the pay applications of ${invitation.project_name} (project ${invitation.job_id}).`}
      description={
        <>
          The buyer and the seller see your certifications. <Link to="/portal">Go to your portal</Link>.
        </>
      }
    />
  );
}

function NewAccount({ code, invitation }: { code: string; invitation: CertifierInvitationPreview }) {
  const accept = useAcceptCertifierInvitation(code);
  if (accept.isSuccess) return <Accepted invitation={invitation} />;
  return (
    <Form<NewAccountInput> name="certify-join" layout="vertical" requiredMark={false} onFinish={(values) => accept.mutate(values)}>
      <p>Create your account for {invitation.email}.</p>
      <NewAccountFields />
      {accept.isError && <Alert type="error" showIcon title={errorMessage(accept.error)} style={{ marginBottom: space.base }} />}
      <Button type="primary" htmlType="submit" loading={accept.isPending}>
        Create account and accept
      </Button>
    </Form>
  );
}

function ExistingAccount({ code, invitation }: { code: string; invitation: CertifierInvitationPreview }) {
  const { data: user, isPending } = useCurrentUser();
  const accept = useAcceptCertifierInvitation(code);
  if (isPending) return <Spinner label="Checking who is signed in…" />;
  if (accept.isSuccess) return <Accepted invitation={invitation} />;
  const here = `/certify/join/${encodeURIComponent(code)}`;
  const notInvited = notTheInvitedAccount(user, invitation.email, here);
  if (notInvited) return notInvited;
  return (
    <>
      {accept.isError && <Alert type="error" showIcon title={errorMessage(accept.error)} style={{ marginBottom: space.base }} />}
      <Button type="primary" loading={accept.isPending} onClick={() => accept.mutate({})}>
        Accept the invitation
      </Button>
    </>
  );
}

/**
 * The certifier invitation link's page (/certify/join/:code, issue 38): which project and who
 * asks, what a certifier may do, then a sign-up for a new address or Accept for the signed-in one.
 */
export function CertifierInvitationLanding({ code }: { code: string }) {
  const invitation = useCertifierInvitation(code);
  if (invitation.isPending) return <Spinner label="Checking your invitation…" />;
  if (invitation.isError) {
    const dead = DEAD_LINK[errorCode(invitation.error) ?? ''];
    return <Alert type="error" showIcon title={dead ?? NOT_FOUND} />;
  }
  const i = invitation.data;
  return (
    <>
      <p>
        {i.inviter_name} asks {i.email} to certify the pay applications of <strong>{i.project_name}</strong> (project {i.job_id}).
      </p>
      <p className="el-muted">
        A certifier reads the project&apos;s schedule of values and each pay application, and certifies it line by line: as billed, reduced or refused, with a
        reason. A certifier never moves money and acts for neither party. The invitation expires on {WHEN.format(new Date(i.expires_at))}.
      </p>
      {i.account === 'existing' ? <ExistingAccount code={code} invitation={i} /> : <NewAccount code={code} invitation={i} />}
    </>
  );
}
