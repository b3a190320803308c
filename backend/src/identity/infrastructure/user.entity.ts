import type { CompanyRole } from '@escrow/domain';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';

import type { AdminRole } from '../step-up.decorators';

/** What identity reads of the directory's companies table. */
export interface CompanyOfUser {
  companyId: number;
  name: string;
}

/** A person with an account. Personal data lives here, never in events, so a deletion erases it. */
@Entity({ name: 'users' })
@Unique('users_email_key', ['email'])
@Index('users_phone_idx', ['phone'])
@Index('users_company_idx', ['companyId'])
@Check('users_phone_check', "phone ~ '^[0-9]{10}$'")
@Check('users_email_check', 'email = lower(email)')
@Check('users_role_check', "role = 'admin'")
@Check('users_admin_role_check', "admin_role IN ('support', 'finance', 'operations', 'owner')")
@Check('users_admin_role_of_admins_check', '(role IS NULL) = (admin_role IS NULL)')
@Check('users_company_role_check', "company_role IN ('owner', 'finance', 'project_manager', 'viewer')")
@Check('users_company_role_of_members_check', '(company_id IS NULL) = (company_role IS NULL)')
export class UserEntity {
  /** Identity column starting at 1000 (the start value is the migration's; TypeORM has no option for it). */
  @PrimaryGeneratedColumn('identity', { name: 'user_id', type: 'integer', generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'users_pkey' })
  userId!: number;

  @Column({ name: 'first_name', type: 'text' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName!: string;

  @Column({ type: 'char', length: 10, nullable: true })
  phone!: string | null;

  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName!: string;

  @Column({ type: 'text', nullable: true })
  role!: 'admin' | null;

  /** Which administrator this is (least privilege); set exactly when role is 'admin'. */
  @Column({ name: 'admin_role', type: 'text', nullable: true })
  adminRole!: AdminRole | null;

  @Column({ name: 'company_id', type: 'integer', nullable: true })
  companyId!: number | null;

  /** The seller company this user acts for: the directory's table, named rather than imported. */
  @ManyToOne('companies', { nullable: true })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'users_company_id_fkey' })
  company?: CompanyOfUser | null;

  /** The user's role in their company, set exactly when company_id is (issue 37; the teams context keeps it). */
  @Column({ name: 'company_role', type: 'text', nullable: true })
  companyRole!: CompanyRole | null;

  @Column({ name: 'company_joined_at', type: 'timestamptz', nullable: true })
  companyJoinedAt!: Date | null;

  /** Joined by an invitation in a role that touches money: enrols a second factor before the first action. */
  @Column({ name: 'company_factor_required', type: 'boolean', default: false })
  companyFactorRequired!: boolean;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  /** When the user proved the address is theirs (a link mailed to it); null: not yet. */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;
}
