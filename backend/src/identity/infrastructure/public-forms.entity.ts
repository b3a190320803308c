import { Check, Column, Entity, ForeignKey, PrimaryGeneratedColumn } from 'typeorm';

import { UserEntity } from './user.entity';

/** Someone asked for their account to be deleted (whether or not the email has an account). */
@Entity({ name: 'account_deletion_requests' })
@Check('account_deletion_requests_status_check', "status IN ('open', 'done', 'rejected')")
export class AccountDeletionRequestEntity {
  @PrimaryGeneratedColumn('identity', {
    name: 'request_id',
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'account_deletion_requests_pkey',
  })
  requestId!: number;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'account_deletion_requests_user_id_fkey', onDelete: 'SET NULL' })
  userId!: number | null;

  @Column({ type: 'text', default: 'open' })
  status!: 'open' | 'done' | 'rejected';

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}

/** A message sent through the contact form. */
@Entity({ name: 'contact_messages' })
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('identity', {
    name: 'message_id',
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'contact_messages_pkey',
  })
  messageId!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
