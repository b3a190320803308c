import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';

/**
 * A certifier invitation (issue 38): the address and the link's hash live here, the project's
 * billing stream records the invitation by id (CertifierInvited) and decides whether it still
 * works. `status` follows the stream.
 */
@Entity({ name: 'certifier_invitations' })
@Unique('certifier_invitations_code_hash_key', ['codeHash'])
@Index('certifier_invitations_job_idx', ['jobId'])
@Check('certifier_invitations_email_check', 'email = lower(email)')
@Check('certifier_invitations_status_check', "status IN ('pending', 'accepted', 'revoked')")
export class CertifierInvitationEntity {
  @PrimaryColumn({ name: 'invitation_id', type: 'uuid', primaryKeyConstraintName: 'certifier_invitations_pkey' })
  invitationId!: string;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'code_hash', type: 'bytea' })
  codeHash!: Buffer;

  @Column({ name: 'invited_by', type: 'integer', nullable: true })
  invitedBy!: number | null;

  @ManyToOne('users', { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'invited_by', foreignKeyConstraintName: 'certifier_invitations_invited_by_fkey' })
  inviter?: unknown;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'text', default: 'pending' })
  status!: 'pending' | 'accepted' | 'revoked';
}
