// CI helper: when a PostgreSQL server answers on 127.0.0.1:5432, creates the role srm_ci (may create
// databases, for one database per test file) and its database. Exits 1 when no server answers.
import pg from 'pg';

const admin = new pg.Client({
  connectionString: process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  connectionTimeoutMillis: 3000,
});
try {
  await admin.connect();
} catch (error) {
  console.log(`PostgreSQL not reachable: ${error.message}`);
  process.exit(1);
}
const role = await admin.query("select 1 from pg_roles where rolname = 'srm_ci'");
if (role.rowCount === 0) await admin.query("create role srm_ci login createdb password 'srm_ci'");
const db = await admin.query("select 1 from pg_database where datname = 'srm_ci'");
if (db.rowCount === 0) await admin.query('create database srm_ci owner srm_ci');
await admin.end();
console.log('PostgreSQL role and database srm_ci are ready');
