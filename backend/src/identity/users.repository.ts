import { type CompanyRole, DEFAULT_SIGNING_POLICY, type SigningPolicy } from '@escrow/domain';
import { JobRow } from '@escrow/projections';
import { Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { Brackets, DataSource, type FindOptionsWhere, IsNull, type Repository } from 'typeorm';

import { containing } from '../infrastructure/database/like';
import { SessionEntity, UserEntity } from './infrastructure';
import type { SessionUser, UserObject } from './session-user';
import type { AdminRole } from './step-up.decorators';

export interface UserRow {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string;
  display_name: string;
  role: 'admin' | null;
  admin_role: AdminRole | null;
  company_id: number | null;
  company_name: string | null;
  /** Resolved from a session (and the current user's queries): the member's role and the company's signing policy. */
  company_role?: CompanyRole | null;
  signing_policy?: SigningPolicy | null;
  company_factor_required?: boolean;
  password_hash: string | null;
  created_at: Date;
  email_verified_at?: Date | null;
  /** Resolved from a session: its id, whether the user has a second factor, and the session's last checks. */
  session_id?: string | null;
  has_second_factor?: boolean;
  second_factor_at?: Date | null;
  password_at?: Date | null;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string;
  role?: 'admin' | null;
  /** An administrator's role; an administrator without one is an owner (they could do everything before roles existed). */
  adminRole?: AdminRole | null;
  companyId?: number | null;
  passwordHash?: string | null;
  /** Verified at creation (admins creating accounts for addresses they know; the demo seed). */
  emailVerified?: boolean;
}

/** A line of the admin console's user list. */
export interface AdminUserRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role: 'admin' | null;
  admin_role: AdminRole | null;
  company_id: number | null;
  company_name: string | null;
  created_at: Date;
  has_password: boolean;
  last_seen_at: Date | null;
  projects_as_buyer: number;
}

function toUserRow(u: UserEntity): UserRow {
  return {
    user_id: u.userId,
    first_name: u.firstName,
    last_name: u.lastName,
    phone: u.phone,
    email: u.email,
    display_name: u.displayName,
    role: u.role,
    admin_role: u.adminRole,
    company_id: u.companyId,
    company_name: u.company?.name ?? null,
    password_hash: u.passwordHash,
    created_at: u.createdAt,
    email_verified_at: u.emailVerifiedAt,
  };
}

export function toSessionUser(row: UserRow): SessionUser {
  return {
    userId: row.user_id,
    role: row.role,
    adminRole: row.role === 'admin' ? (row.admin_role ?? null) : null,
    companyId: row.company_id,
    companyRole: row.company_id === null ? null : (row.company_role ?? null),
    signingPolicy: row.signing_policy ?? DEFAULT_SIGNING_POLICY,
    companyFactorRequired: row.company_factor_required ?? false,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    sessionId: row.session_id == null ? null : Number(row.session_id),
    hasSecondFactor: row.has_second_factor ?? false,
    emailVerified: row.email_verified_at != null,
    secondFactorAt: row.second_factor_at ?? null,
    passwordAt: row.password_at ?? null,
  };
}

export function toUserObject(row: UserRow): UserObject {
  return {
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    email: row.email,
    display_name: row.display_name,
    ...(row.role === 'admin' ? { role: 'admin' as const, admin_role: row.admin_role } : {}),
    company: row.company_id === null ? null : { company_id: row.company_id, name: row.company_name!, primary_company_name: row.company_name! },
    permissions: { user: true },
  };
}

/**
 * Users, through TypeORM. Creating one is SQL on the pg handle the caller gives (static: it needs
 * no instance), because it runs inside transactions the caller holds on a pg client: an
 * application's approval, the demo seed.
 */
@Injectable()
export class UsersRepository {
  private readonly users: Repository<UserEntity>;

  constructor(dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  async byId(userId: number): Promise<UserRow | null> {
    return this.findOne({ userId, deletedAt: IsNull() });
  }

  async byEmail(email: string): Promise<UserRow | null> {
    return this.findOne({ email, deletedAt: IsNull() });
  }

  /** Buyers (no role, no company) whose phone is these 10 digits. */
  async buyersByPhone(phone: string): Promise<UserRow[]> {
    const buyers = await this.users.find({
      where: { phone, role: IsNull(), companyId: IsNull(), deletedAt: IsNull() },
      order: { lastName: 'ASC', firstName: 'ASC', userId: 'ASC' },
    });
    return buyers.map(toUserRow);
  }

  /**
   * The admin console's list: the newest 1000 users whose name, email or company contains the
   * search text, with when they were last seen and how many projects they buy.
   */
  async listForAdmin(search: string | null): Promise<AdminUserRow[]> {
    const query = this.users
      .createQueryBuilder('u')
      .leftJoin('u.company', 'c')
      .select('u.userId', 'user_id')
      .addSelect('u.firstName', 'first_name')
      .addSelect('u.lastName', 'last_name')
      .addSelect('u.email', 'email')
      .addSelect('u.phone', 'phone')
      .addSelect('u.role', 'role')
      .addSelect('u.adminRole', 'admin_role')
      .addSelect('u.companyId', 'company_id')
      .addSelect('c.name', 'company_name')
      .addSelect('u.createdAt', 'created_at')
      .addSelect('u.passwordHash IS NOT NULL', 'has_password')
      .addSelect((sub) => sub.select('max(s.lastSeenAt)').from(SessionEntity, 's').where('s.userId = u.userId'), 'last_seen_at')
      .addSelect((sub) => sub.select('count(*)::int').from(JobRow, 'j').where('j.customerId = u.userId'), 'projects_as_buyer')
      .where('u.deletedAt IS NULL');
    if (search) {
      const pattern = containing(search);
      query.andWhere(
        new Brackets((q) => q.where('u.displayName ILIKE :pattern', { pattern }).orWhere('u.email ILIKE :pattern').orWhere('c.name ILIKE :pattern')),
      );
    }
    return query.orderBy('u.createdAt', 'DESC').addOrderBy('u.userId', 'DESC').limit(1000).getRawMany<AdminUserRow>();
  }

  static async insert(db: Pool | PoolClient, user: NewUser): Promise<UserRow> {
    const { rows } = await db.query<UserRow>(
      `INSERT INTO users (first_name, last_name, phone, email, display_name, role, company_id, password_hash, admin_role, email_verified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10::boolean THEN now() END)
       RETURNING user_id, first_name, last_name, phone, email, display_name, role, admin_role, company_id,
                 (SELECT name FROM companies WHERE company_id = $7) AS company_name, password_hash, created_at, email_verified_at`,
      [
        user.firstName,
        user.lastName,
        user.phone,
        user.email,
        `${user.firstName} ${user.lastName}`.trim(),
        user.role ?? null,
        user.companyId ?? null,
        user.passwordHash ?? null,
        user.role === 'admin' ? (user.adminRole ?? 'owner') : null,
        user.emailVerified ?? false,
      ],
    );
    return rows[0]!;
  }

  async setPassword(userId: number, passwordHash: string): Promise<void> {
    await this.users.update({ userId }, { passwordHash });
  }

  /** Sets the password of an account that has none yet; false when one was chosen already. */
  async setFirstPassword(userId: number, passwordHash: string): Promise<boolean> {
    const result = await this.users.update({ userId, passwordHash: IsNull() }, { passwordHash });
    return (result.affected ?? 0) > 0;
  }

  /** The link mailed to the address was opened: the address is the user's. */
  async markEmailVerified(userId: number): Promise<void> {
    await this.users.update({ userId, emailVerifiedAt: IsNull() }, { emailVerifiedAt: () => 'now()' });
  }

  /**
   * One user by a unique key. find, not findOne: findOne with a relation makes TypeORM ask twice
   * when a row exists (the ids under a limit, then the rows), so a found email would answer
   * slower than an unknown one (issue 35).
   */
  private async findOne(where: FindOptionsWhere<UserEntity>): Promise<UserRow | null> {
    const [user] = await this.users.find({ where, relations: { company: true } });
    return user ? toUserRow(user) : null;
  }
}
