// The HTTP ceiling: a bare fastify route doing one INSERT on the benchmark's database, in its own
// process like the API. Prints "listening <port>" when ready.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await pool.query(
  'CREATE TABLE IF NOT EXISTS http_ceiling (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
);
const app = Fastify({ logger: false });
app.post('/insert', async (request, reply) => {
  const { rows } = await pool.query('INSERT INTO http_ceiling (body) VALUES ($1) RETURNING id', [JSON.stringify(request.body ?? null)]);
  reply.code(201);
  return { id: rows[0].id };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write(`listening ${process.env.PORT}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
