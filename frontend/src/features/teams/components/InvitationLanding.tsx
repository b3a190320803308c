import { COMPANY_ROLE_LABELS, type InvitationPreview } from '@escrow/domain';
import { Alert, Button } from 'antd';
import { Link, useNavigate } from 'react-router-dom';

import { useCurrentUser } from '../../../api/current-user';
import { Form } from '../../../components/Form';
import { notTheInvitedAccount } from '../../../components/forms/InvitedAccountCheck';
import { NewAccountFields } from '../../../components/forms/NewAccountFields';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { errorCode } from '../../../lib/api-error';
import { type NewMemberInput, useAcceptTeamInvitation, useTeamInvitation } from '../api/team-invitation';
import { formatWhen } from './format';
import {
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_REVOKED,
  INVITATION_USED,
  MEMBER_ELSEWHERE,
  ROLE_DESCRIPTIONS,
  SECOND_FACTOR_FIRST,
} from './texts';

/** What a link that no longer works says, by the API's code. */
const DEAD_LINK: Record<string, string> = {
  invitation_expired: INVITATION_EXPIRED,
  invitation_used: INVITATION_USED,
  invitation_revoked: INVITATION_REVOKED,
};

const SECURITY = '/portal/account/security';

function DeadLink({ error }: { error: unknown }) {
  const code = errorCode(error);
  const text = (code && DEAD_LINK[code]) ?? INVITATION_NOT_FOUND;
  return (
    <>
      <Alert type="error" showIcon title={text} />
      {code === 'invitation_used' && (
        <p style={{ marginTop: space.base }}>
          <Link to="/login?next=%2Fportal">Log in</Link>
        </p>
      )}
    </>
  );
}

/** The sign-up of a person new to Escrow Ledger: a name and a password; the email is the invitation's, proved by the link. */
function NewAccountForm({ code, invitation }: { code: string; invitation: InvitationPreview }) {
  const accept = useAcceptTeamInvitation(code);
  const navigate = useNavigate();
  return (
    <Form<NewMemberInput>
      name="join"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) =>
        accept.mutate(values, {
          onSuccess: (answer) =>
            navigate(answer.needs_second_factor ? SECURITY : '/portal', {
              replace: true,
              state: answer.needs_second_factor ? { notice: SECOND_FACTOR_FIRST(invitation.company_name) } : undefined,
            }),
        })
      }
    >
      <p>Create your account for {invitation.email}.</p>
      <NewAccountFields />
      {accept.isError && <Alert type="error" showIcon title={errorMessage(accept.error)} style={{ marginBottom: space.base }} />}
      <Button type="primary" htmlType="submit" loading={accept.isPending}>
        Create account and join
      </Button>
    </Form>
  );
}

/** A person who has an account: accept when signed in as the invited email, else log in (as that email) first. */
function ExistingAccount({ code, invitation }: { code: string; invitation: InvitationPreview }) {
  const { data: user, isPending } = useCurrentUser();
  const accept = useAcceptTeamInvitation(code);
  const navigate = useNavigate();
  if (isPending) return <Spinner label="Checking who is signed in…" />;
  const here = `/team/join/${encodeURIComponent(code)}`;
  const notInvited = notTheInvitedAccount(user, invitation.email, here);
  if (notInvited) return notInvited;
  return (
    <>
      {accept.isError && (
        <Alert
          type="error"
          showIcon
          title={errorCode(accept.error) === 'member_elsewhere' ? MEMBER_ELSEWHERE : errorMessage(accept.error)}
          style={{ marginBottom: space.base }}
        />
      )}
      <Button
        type="primary"
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(
            {},
            {
              onSuccess: (answer) =>
                navigate(answer.needs_second_factor ? SECURITY : '/portal/account/team', {
                  replace: true,
                  state: answer.needs_second_factor ? { notice: SECOND_FACTOR_FIRST(invitation.company_name) } : undefined,
                }),
            },
          )
        }
      >
        Accept the invitation
      </Button>
    </>
  );
}

/**
 * The invitation link's page (/team/join/:code): which company, role and inviter; a sign-up for a
 * new account, Accept for a signed-in account without a company, and a plain message when the
 * person already belongs to another company or the link expired, was used or was revoked.
 */
export function InvitationLanding({ code }: { code: string }) {
  const invitation = useTeamInvitation(code);
  if (invitation.isPending) return <Spinner label="Checking your invitation…" />;
  if (invitation.isError) return <DeadLink error={invitation.error} />;
  const i = invitation.data;
  return (
    <>
      <p>
        {i.inviter_name} invited {i.email} to join <strong>{i.company_name}</strong> as <strong>{COMPANY_ROLE_LABELS[i.role]}</strong>.
      </p>
      <p className="el-muted">
        {COMPANY_ROLE_LABELS[i.role]}: {ROLE_DESCRIPTIONS[i.role]} The invitation expires on {formatWhen(i.expires_at)}.
      </p>
      {i.account === 'member_elsewhere' ? (
        <Alert
          type="warning"
          showIcon
          title={MEMBER_ELSEWHERE}
          description={`An account belongs to one company. To join ${i.company_name}, first leave your company on its Team page, then open this link again.`}
        />
      ) : i.account === 'existing' ? (
        <ExistingAccount code={code} invitation={i} />
      ) : (
        <NewAccountForm code={code} invitation={i} />
      )}
    </>
  );
}
