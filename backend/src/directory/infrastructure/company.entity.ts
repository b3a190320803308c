import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** A member company: a general contractor or a subcontractor. */
@Entity({ name: 'companies' })
// The index is on lower(name), an expression TypeORM's @Index cannot state: the migration owns it
// and the schema builder leaves it alone (synchronize: false).
@Index('companies_name_idx', { synchronize: false })
@Check('companies_name_check', 'length(name) BETWEEN 1 AND 200')
@Check('companies_state_check', "state IN ('AZ', 'ID', 'NV', 'UT')")
@Check('companies_phone_check', "phone ~ '^[0-9]{10}$'")
@Check('companies_kind_check', "kind IN ('general_contractor', 'subcontractor')")
@Check('companies_signing_policy_check', "signing_policy IN ('owner_only', 'owner_and_project_managers')")
export class CompanyEntity {
  /** Identity column starting at 100 (the start value is the migration's; TypeORM has no option for it). */
  @PrimaryGeneratedColumn('identity', { name: 'company_id', type: 'integer', generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'companies_pkey' })
  companyId!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'company_img', type: 'text', nullable: true })
  companyImg!: string | null;

  @Column({ type: 'text', nullable: true })
  street!: string | null;

  @Column({ type: 'text', nullable: true })
  city!: string | null;

  @Column({ type: 'char', length: 2, nullable: true })
  state!: string | null;

  @Column({ name: 'zip_code', type: 'text', nullable: true })
  zipCode!: string | null;

  @Column({ type: 'char', length: 10, nullable: true })
  phone!: string | null;

  @Column({ name: 'contact_email', type: 'text', nullable: true })
  contactEmail!: string | null;

  @Column({ name: 'website_link', type: 'text', nullable: true })
  websiteLink!: string | null;

  @Column({ type: 'text', nullable: true })
  license!: string | null;

  @Column({ type: 'text', nullable: true })
  insurance!: string | null;

  @Column({ type: 'text', nullable: true })
  bio!: string | null;

  @Column({ type: 'text', default: 'subcontractor' })
  kind!: 'general_contractor' | 'subcontractor';

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** Who may sign the escrow agreement for the company (issue 37): its owners, or its owners and project managers. */
  @Column({ name: 'signing_policy', type: 'text', default: 'owner_only' })
  signingPolicy!: 'owner_only' | 'owner_and_project_managers';

  /** The services the company offers (company_services rows). */
  @OneToMany(() => CompanyServiceEntity, (offer) => offer.company)
  offers?: CompanyServiceEntity[];
}

/** A service a company may offer (Electrical, Plumbing, …). */
@Entity({ name: 'services' })
@Unique('services_service_name_key', ['serviceName'])
export class ServiceEntity {
  @PrimaryGeneratedColumn('identity', { name: 'service_id', type: 'integer', generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'services_pkey' })
  serviceId!: number;

  @Column({ name: 'service_name', type: 'text' })
  serviceName!: string;
}

/** Which company offers which service. */
@Entity({ name: 'company_services' })
export class CompanyServiceEntity {
  @PrimaryColumn({ name: 'company_id', type: 'integer', primaryKeyConstraintName: 'company_services_pkey' })
  companyId!: number;

  @PrimaryColumn({ name: 'service_id', type: 'integer', primaryKeyConstraintName: 'company_services_pkey' })
  serviceId!: number;

  @ManyToOne(() => CompanyEntity, (company) => company.offers, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id', foreignKeyConstraintName: 'company_services_company_id_fkey' })
  company?: CompanyEntity;

  @ManyToOne(() => ServiceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'service_id', foreignKeyConstraintName: 'company_services_service_id_fkey' })
  service?: ServiceEntity;
}
