import type { CompanyRole } from '@escrow/domain';
import { Alert, Button, Input } from 'antd';
import { Link } from 'react-router-dom';

import { isOwnLegalName, legalNameOf, useAgreement } from '../../../api/agreement';
import { useCompanyPermission } from '../../../api/company-role';
import { isLoggedIn, useCurrentUser } from '../../../api/current-user';
import { Form } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { actorName } from '../../../lib/actor';
import { errorMessage } from '../../../lib/api-client';
import { useSignAgreement } from '../api/sign-agreement';

/** The escrow agreement of a project to read, with its signatures, and signing it by typing your name. */
export function AgreementSigning({ projectId, signerType }: { projectId: number; signerType: string | undefined }) {
  const { data: user } = useCurrentUser();
  const agreement = useAgreement(projectId);
  const sign = useSignAgreement(projectId);
  // Who signs for a company is its signing policy (issue 37): the others read who may.
  const signs = useCompanyPermission('agreement.sign');
  const party = signerType === 'company' ? 'company' : 'customer';
  const mine = agreement.data ? (party === 'customer' ? agreement.data.signatures.buyer : agreement.data.signatures.seller) : null;
  const myEarlier = agreement.data?.earlier_signatures?.[party === 'customer' ? 'buyer' : 'seller'] ?? null;
  const legalName = isLoggedIn(user) ? legalNameOf(user) : '';
  // The signer's company role then (issue 37; `signer_company_role`, absent on older answers).
  const signedLine = (who: string, s: { signed_name: string; at: string; signer_company_role?: CompanyRole | null } | null) =>
    s ? `${who}: signed by ${actorName(s.signed_name, s.signer_company_role)} on ${new Date(s.at).toLocaleString()}` : `${who}: not signed yet`;
  return (
    <>
      <h1>Escrow agreement</h1>
      {agreement.isPending ? (
        <Spinner />
      ) : agreement.isError ? (
        <Alert type="error" showIcon title={errorMessage(agreement.error)} />
      ) : (
        <>
          {!mine && myEarlier && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: space.base }}
              title={`You signed an earlier text of this agreement on ${new Date(myEarlier.at).toLocaleString()}. Its terms have changed since.`}
              description="Read the text below and sign it again: the next deposit waits until both parties have signed it."
              action={<Link to={`/portal/signed/${myEarlier.contract_name}`}>The text you signed</Link>}
            />
          )}
          <pre className="el-agreement">{agreement.data.text}</pre>
          <section aria-label="Signatures">
            <h2>Signatures</h2>
            <p>{signedLine('Buyer', agreement.data.signatures.buyer)}</p>
            <p>{signedLine('Seller', agreement.data.signatures.seller)}</p>
          </section>
          {mine ? (
            <Alert
              type="success"
              showIcon
              title={`You signed as ${mine.signed_name} on ${new Date(mine.at).toLocaleString()}.`}
              action={<Link to={`/portal/signed/${agreement.data.contract_name}`}>View the signed agreement</Link>}
            />
          ) : signs.reason ? (
            <Alert type="info" showIcon title={signs.reason} />
          ) : (
            <Form
              layout="vertical"
              requiredMark={false}
              onFinish={({ signed_name }: { signed_name: string }) =>
                sign.mutate({ signer_type: party, signed_name, agreement_hash: agreement.data.agreement_hash })
              }
            >
              <Form.Item
                label="Type your full legal name to sign"
                name="signed_name"
                extra={legalName ? `As on your account: ${legalName}` : undefined}
                validateTrigger="onSubmit"
                rules={[
                  { required: true, whitespace: true, message: 'Type your full name to sign.' },
                  {
                    validator: (_, value: string | undefined) =>
                      !value?.trim() || !isLoggedIn(user) || isOwnLegalName(value, user)
                        ? Promise.resolve()
                        : Promise.reject(new Error(`Sign with your own legal name as it is on your account: ${legalName}.`)),
                  },
                ]}
              >
                <Input autoComplete="name" />
              </Form.Item>
              {sign.isError && <Alert type="error" showIcon title={errorMessage(sign.error)} style={{ marginBottom: space.base }} />}
              <Button type="primary" htmlType="submit" loading={sign.isPending}>
                Sign the agreement
              </Button>
            </Form>
          )}
          <p style={{ marginTop: space.base }}>
            <Link to={`/portal/job/${projectId}`}>Back to the project</Link>
          </p>
        </>
      )}
    </>
  );
}
