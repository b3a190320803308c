import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource, In, type Repository } from 'typeorm';

import { PG_POOL } from '../infrastructure/database/database.tokens';
import { CompanyEntity } from './infrastructure';

export interface PersonName {
  userId: number;
  displayName: string;
  firstName: string;
  lastName: string;
  companyId: number | null;
}

/**
 * Names for ids, looked up in bulk when an answer needs them. Read models and events keep ids
 * only, so erasing a person here erases them everywhere they are shown. People come from
 * identity's users table, named rather than imported (contexts meet through their index).
 */
@Injectable()
export class DirectoryService {
  private readonly companies: Repository<CompanyEntity>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    this.companies = dataSource.getRepository(CompanyEntity);
  }

  async people(userIds: Iterable<number>): Promise<Map<number, PersonName>> {
    const ids = validIds(userIds);
    if (ids.length === 0) return new Map();
    const people = await this.dataSource
      .createQueryBuilder()
      .select([
        'u.userId AS "userId"',
        'u.displayName AS "displayName"',
        'u.firstName AS "firstName"',
        'u.lastName AS "lastName"',
        'u.companyId AS "companyId"',
      ])
      .from('users', 'u')
      .where('u.userId IN (:...ids)', { ids })
      .getRawMany<PersonName>();
    return new Map(people.map((p) => [p.userId, p]));
  }

  /**
   * People and companies together, in one prepared statement: every milestone answer and read
   * needs both, and it is on the hot path of every command (see docs/architecture.md, "TypeORM for
   * what it is for": the two query-builder reads cost two round trips and their planning).
   */
  async names(userIds: Iterable<number>, companyIds: Iterable<number>): Promise<{ people: Map<number, PersonName>; companies: Map<number, string> }> {
    const users = validIds(userIds);
    const companies = validIds(companyIds);
    const people = new Map<number, PersonName>();
    const named = new Map<number, string>();
    if (users.length === 0 && companies.length === 0) return { people, companies: named };
    const { rows } = await this.pool.query<{
      kind: 'p' | 'c';
      id: number;
      name: string;
      first_name: string | null;
      last_name: string | null;
      company_id: number | null;
    }>({
      name: 'escrow_directory_names',
      text: `SELECT 'p' AS kind, user_id AS id, display_name AS name, first_name, last_name, company_id FROM users WHERE user_id = ANY($1::int[])
             UNION ALL
             SELECT 'c', company_id, name, NULL, NULL, NULL FROM companies WHERE company_id = ANY($2::int[])`,
      values: [users, companies],
    });
    for (const row of rows) {
      if (row.kind === 'c') named.set(row.id, row.name);
      else people.set(row.id, { userId: row.id, displayName: row.name, firstName: row.first_name!, lastName: row.last_name!, companyId: row.company_id });
    }
    return { people, companies: named };
  }

  async companyNames(companyIds: Iterable<number>): Promise<Map<number, string>> {
    const ids = validIds(companyIds);
    if (ids.length === 0) return new Map();
    const companies = await this.companies.find({ select: { companyId: true, name: true }, where: { companyId: In(ids) } });
    return new Map(companies.map((c) => [c.companyId, c.name]));
  }

  /** Every member company, by name: the payees a milestone can name. */
  async allCompanies(): Promise<{ company_id: number; name: string }[]> {
    const companies = await this.companies
      .createQueryBuilder('c')
      .select(['c.companyId', 'c.name'])
      .orderBy('lower(c.name)')
      .addOrderBy('c.companyId')
      .getMany();
    return companies.map((c) => ({ company_id: c.companyId, name: c.name }));
  }

  async companyExists(companyId: number): Promise<boolean> {
    return this.companies.existsBy({ companyId });
  }

  /** Users of a company: the people who act for the seller of a project. */
  async companyUserIds(companyId: number): Promise<number[]> {
    const users = await this.dataSource
      .createQueryBuilder()
      .select('u.userId', 'user_id')
      .from('users', 'u')
      .where('u.companyId = :companyId', { companyId })
      .andWhere('u.deletedAt IS NULL')
      .getRawMany<{ user_id: number }>();
    return users.map((u) => u.user_id);
  }
}

function validIds(ids: Iterable<number>): number[] {
  return [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0);
}
