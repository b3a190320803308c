import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';
import type { SessionUser, UserObject } from './session-user';

export interface UserRow {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string;
  display_name: string;
  role: 'admin' | null;
  company_id: number | null;
  company_name: string | null;
  password_hash: string | null;
  created_at: Date;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string;
  role?: 'admin' | null;
  companyId?: number | null;
  passwordHash?: string | null;
}

const SELECT_USER = `
  SELECT u.user_id, u.first_name, u.last_name, u.phone, u.email, u.display_name, u.role, u.company_id,
         c.name AS company_name, u.password_hash, u.created_at
    FROM users u LEFT JOIN companies c ON c.company_id = u.company_id`;

export function toSessionUser(row: UserRow): SessionUser {
  return {
    userId: row.user_id,
    role: row.role,
    companyId: row.company_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
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
    ...(row.role === 'admin' ? { role: 'admin' as const } : {}),
    company: row.company_id === null ? null : { company_id: row.company_id, name: row.company_name!, primary_company_name: row.company_name! },
    permissions: { user: true },
  };
}

@Injectable()
export class UsersRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async byId(userId: number): Promise<UserRow | null> {
    const { rows } = await this.pool.query<UserRow>(`${SELECT_USER} WHERE u.user_id = $1 AND u.deleted_at IS NULL`, [userId]);
    return rows[0] ?? null;
  }

  async byEmail(email: string): Promise<UserRow | null> {
    const { rows } = await this.pool.query<UserRow>(`${SELECT_USER} WHERE u.email = $1 AND u.deleted_at IS NULL`, [email]);
    return rows[0] ?? null;
  }

  /** Buyers (no role, no company) whose phone is these 10 digits. */
  async buyersByPhone(phone: string): Promise<UserRow[]> {
    const { rows } = await this.pool.query<UserRow>(
      `${SELECT_USER} WHERE u.phone = $1 AND u.role IS NULL AND u.company_id IS NULL AND u.deleted_at IS NULL ORDER BY u.last_name, u.first_name`,
      [phone],
    );
    return rows;
  }

  async insert(user: NewUser, db: Pool | PoolClient = this.pool): Promise<UserRow> {
    const { rows } = await db.query<{ user_id: number }>(
      `INSERT INTO users (first_name, last_name, phone, email, display_name, role, company_id, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING user_id`,
      [
        user.firstName,
        user.lastName,
        user.phone,
        user.email,
        `${user.firstName} ${user.lastName}`.trim(),
        user.role ?? null,
        user.companyId ?? null,
        user.passwordHash ?? null,
      ],
    );
    const { rows: created } = await db.query<UserRow>(`${SELECT_USER} WHERE u.user_id = $1`, [rows[0]!.user_id]);
    return created[0]!;
  }

  async setPassword(userId: number, passwordHash: string, db: Pool | PoolClient = this.pool): Promise<void> {
    await db.query('UPDATE users SET password_hash = $2 WHERE user_id = $1', [userId, passwordHash]);
  }
}
