import { MONEY } from '@escrow/projections';
import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A lien waiver text that was signed or issued. LienWaiverSigned and LienWaiverIssued record its
 * name and SHA-256; the text names people (the owner), so it lives here, where an account
 * deletion can reach it, with the name the signer typed.
 */
@Entity({ name: 'lien_waivers' })
@Index('lien_waivers_job_idx', ['jobId'])
@Check('lien_waivers_payment_check', "payment IN ('disbursement', 'retainage', 'progress_payment', 'progress_retainage')")
@Check('lien_waivers_kind_check', "kind IN ('conditional', 'unconditional')")
export class LienWaiverEntity {
  @PrimaryColumn({ name: 'waiver_name', type: 'text', primaryKeyConstraintName: 'lien_waivers_pkey' })
  waiverName!: string;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ name: 'original_id', type: 'integer' })
  originalId!: number;

  /** progress_payment, progress_retainage: a progress-billed payout's waiver (original_id: the project, mp_id: the payout). */
  @Column({ type: 'text' })
  payment!: 'disbursement' | 'retainage' | 'progress_payment' | 'progress_retainage';

  @Column({ name: 'mp_id', type: 'integer' })
  mpId!: number;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ type: 'text' })
  kind!: 'conditional' | 'unconditional';

  @Column({ ...MONEY })
  amount!: string;

  @Column({ name: 'site_state', type: 'text' })
  siteState!: string;

  @Column({ name: 'waiver_hash', type: 'text' })
  waiverHash!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'signed_by', type: 'integer', nullable: true })
  signedBy!: number | null;

  @Column({ name: 'signed_name', type: 'text', nullable: true })
  signedName!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
