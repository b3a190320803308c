import type { CompanyRole } from '@escrow/domain';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';

/**
 * An invitation to join a company (issue 37): the address and the link's hash live here, the
 * company's stream records the invitation by id. `status` follows the stream's events.
 */
@Entity({ name: 'company_invitations' })
@Unique('company_invitations_code_hash_key', ['codeHash'])
@Index('company_invitations_company_idx', ['companyId', 'email'])
@Check('company_invitations_email_check', 'email = lower(email)')
@Check('company_invitations_role_check', "role IN ('owner', 'finance', 'project_manager', 'viewer')")
@Check('company_invitations_status_check', "status IN ('pending', 'accepted', 'revoked', 'expired')")
export class CompanyInvitationEntity {
  @PrimaryColumn({ name: 'invitation_id', type: 'uuid', primaryKeyConstraintName: 'company_invitations_pkey' })
  invitationId!: string;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @ManyToOne('companies', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'company_invitations_company_id_fkey' })
  company?: unknown;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  role!: CompanyRole;

  @Column({ name: 'code_hash', type: 'bytea' })
  codeHash!: Buffer;

  @Column({ name: 'invited_by', type: 'integer', nullable: true })
  invitedBy!: number | null;

  @ManyToOne('users', { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'invited_by', foreignKeyConstraintName: 'company_invitations_invited_by_fkey' })
  inviter?: unknown;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'text', default: 'pending' })
  status!: 'pending' | 'accepted' | 'revoked' | 'expired';
}
