import { Client } from 'pg';

import { e2eEnvironment } from './environment';

/** Reads the e2e server's database (the mail outbox stands in for an inbox). */
export async function query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${e2eEnvironment().pgPort}/escrow` });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The newest mail to an address whose body holds `containing` (the held-funds clock mails the demo
 * users too). Asked again for a few seconds: reset and verification links are mailed after the
 * answer that promised them (issue 35), so the page can say "Email Sent." a moment before.
 */
export async function lastMailTo(recipient: string, containing = ''): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await query<{ body: string }>(`SELECT body FROM mail_outbox WHERE recipient = $1 AND strpos(body, $2) > 0 ORDER BY mail_id DESC LIMIT 1`, [
      recipient,
      containing,
    ]);
    if (rows[0]) return rows[0].body;
    if (Date.now() > deadline) throw new Error(`no mail to ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
