// The yardsticks: a bare Fastify route on the same machine, same Node.js, no plugins, no database;
// and, when DATABASE_URL is set, the same route after one PostgreSQL round trip (`select 1` over a
// pool of 10, a named statement), which is the ceiling of any route that reads the database once.
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, hello: 'world' }));
const pool = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  : null;
if (pool) {
  pool.on('error', () => {});
  app.get('/one-query', async () => {
    const { rows } = await pool.query({ name: 'one', text: 'select 1 as one', values: [] });
    return { success: true, one: rows[0].one };
  });
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool?.end())
      .then(() => process.exit(0)),
);
