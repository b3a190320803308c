import { Check, Column, Entity, ForeignKey, PrimaryGeneratedColumn } from 'typeorm';

import { CompanyEntity } from './company.entity';

/** An application to join as a contractor (/apply), decided by an admin. */
@Entity({ name: 'contractor_applications' })
@Check('contractor_applications_state_check', "state IN ('AZ', 'ID', 'NV', 'UT')")
@Check('contractor_applications_status_check', "status IN ('pending', 'approved', 'rejected')")
export class ContractorApplicationEntity {
  @PrimaryGeneratedColumn('identity', {
    name: 'application_id',
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'contractor_applications_pkey',
  })
  applicationId!: number;

  @Column({ name: 'company_name', type: 'text' })
  companyName!: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'char', length: 10 })
  phone!: string;

  @Column({ type: 'text', nullable: true })
  street!: string | null;

  @Column({ type: 'text' })
  city!: string;

  @Column({ type: 'char', length: 2 })
  state!: string;

  @Column({ name: 'zip_code', type: 'text', nullable: true })
  zipCode!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  services!: string[];

  @Column({ type: 'text', nullable: true })
  license!: string | null;

  @Column({ type: 'text', nullable: true })
  insurance!: string | null;

  @Column({ name: 'website_link', type: 'text', nullable: true })
  websiteLink!: string | null;

  @Column({ type: 'text', nullable: true })
  message!: string | null;

  @Column({ type: 'text', default: 'pending' })
  status!: 'pending' | 'approved' | 'rejected';

  @Column({ name: 'company_id', type: 'integer', nullable: true })
  @ForeignKey(() => CompanyEntity, { name: 'contractor_applications_company_id_fkey' })
  companyId!: number | null;

  /** The admin who decided (identity's table, named rather than imported). */
  @Column({ name: 'decided_by', type: 'integer', nullable: true })
  @ForeignKey('users', { name: 'contractor_applications_decided_by_fkey' })
  decidedBy!: number | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
