import pg from 'pg';

/** Runs one statement on the PostgreSQL server of `connectionString` over a connection of its own. */
export async function adminQuery(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `connectionString` with its database replaced by `name`. */
export function withDatabase(connectionString: string, name: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${name}`;
  return url.toString();
}
