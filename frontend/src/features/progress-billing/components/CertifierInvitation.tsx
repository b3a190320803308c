import type { InvitationSent } from '@escrow/domain';
import { useState } from 'react';

import { LightButton } from '../../../components/LightButton';
import { LightFormItem, LightInput } from '../../../components/LightForm';
import { Notice } from '../../../components/Notice';
import { errorMessage } from '../../../lib/api-client';
import { errorCode, errorParam } from '../../../lib/api-error';
import { useInviteCertifier } from '../api/invite-certifier';
import { RoleReasons, useBillingPermissions } from './role-gate';
import { TEXTS } from './texts';

/** Refusals of the person the address names: said beside the field, as its form's are; the rest above the button. */
const ADDRESS_REFUSALS = new Set<string>(['certifier_is_seller', 'certifier_is_buyer', 'admin_not_certifier']);

const FIELD = 'certifier-email';

/**
 * The buyer invites a certifier by email (docs/progress-billing.md, "The certifier"): what a
 * certifier may and may not do, the address, and the answer: when the link ends, or why the API
 * refused (by its code: an address of the seller's side, the buyer's own, an administrator's).
 */
export function CertifierInvitation({ projectId, certifier }: { projectId: number; certifier: { user_id: number; named_at: string } | null }) {
  const invite = useInviteCertifier(projectId);
  const invites = useBillingPermissions()('InviteCertifier');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<{ to: string; answer: InvitationSent } | null>(null);
  const code = invite.isError ? errorCode(invite.error) : null;
  const ofAddress = (code !== null && ADDRESS_REFUSALS.has(code)) || (code === 'validation_failed' && errorParam(invite.error) === 'email');
  const fieldError = invite.isError && ofAddress ? errorMessage(invite.error) : undefined;

  return (
    <form
      className="el-billing-invite"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const to = email.trim();
        if (!invites.allowed) return;
        setSent(null);
        invite.mutate(to, { onSuccess: (answer) => setSent({ to, answer }) });
      }}
    >
      <p>{TEXTS.certifierMay}</p>
      <p>{TEXTS.certifierMayNot}</p>
      <p className="el-muted">
        {certifier
          ? `A certifier is named (user #${certifier.user_id}, since ${new Date(certifier.named_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}). `
          : 'No certifier is named: you certify the pay applications. '}
        {TEXTS.certifierLink}
      </p>
      <LightFormItem id={FIELD} label="Certifier’s email" error={fieldError}>
        <LightInput
          id={FIELD}
          type="email"
          autoComplete="off"
          value={email}
          invalid={Boolean(fieldError)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${FIELD}_help` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
      </LightFormItem>
      {invite.isError && !fieldError && <Notice tone="danger">{errorMessage(invite.error)}</Notice>}
      {sent && (
        <Notice tone="success">
          Invitation sent to {sent.to}. The link works once, until {new Date(sent.answer.expires_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}.
        </Notice>
      )}
      <LightButton type="submit" variant="primary" loading={invite.isPending} disabled={email.trim() === '' || !invites.allowed}>
        Send the invitation
      </LightButton>
      <RoleReasons reasons={[invites.reason]} />
    </form>
  );
}
