import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A text that was signed. The ProjectAgreementSigned event records its hash and name; the text
 * names people, so it lives here, where an account deletion can reach it.
 */
@Entity({ name: 'signed_agreements' })
@Index('signed_agreements_job_idx', ['jobId'])
export class SignedAgreementEntity {
  @PrimaryColumn({ name: 'contract_name', type: 'text', primaryKeyConstraintName: 'signed_agreements_pkey' })
  contractName!: string;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ name: 'agreement_hash', type: 'text' })
  agreementHash!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
