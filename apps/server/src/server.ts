import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './platform/db.ts';
import { sharedSecret } from './platform/secrets.ts';
import { isEmpty, seedDemo } from './seed/demo.ts';
import { seedDemoCustomFields } from './seed/demo-custom-fields.ts';
import { seedDemoEbiddings } from './seed/demo-ebiddings.ts';
import { seedDemoEnquiries } from './seed/demo-enquiries.ts';
import { seedDemoFinance } from './seed/demo-finance.ts';
import { seedDemoMasterdata } from './seed/demo-masterdata.ts';
import { seedDemoOrders } from './seed/demo-orders.ts';
import { seedDemoRequisitions } from './seed/demo-requisitions.ts';

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR), applies the
 * migrations, seeds the demo world into an empty database, and builds the app. Used by main.ts and by
 * the tests, so both run exactly the same start-up.
 */
export async function startServer(
  config: Config,
  options: { logger?: boolean | object; dataDir?: string | null } = {},
) {
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : {
          kind: 'pglite',
          dataDir: options.dataDir === null ? undefined : (options.dataDir ?? config.DATA_DIR),
        },
  );
  await database.migrate();
  let seeded = false;
  if (config.SEED_DEMO && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    await seedDemoMasterdata(database.db);
    await seedDemoOrders(database.db, config.ENV_NAME);
    await seedDemoRequisitions(database.db, config.ENV_NAME);
    await seedDemoCustomFields(database.db);
    await seedDemoEnquiries(database.db, config.ENV_NAME);
    await seedDemoEbiddings(database.db, config.ENV_NAME);
    await seedDemoFinance(database.db, config.ENV_NAME);
    seeded = true;
  }
  const jwtSecret = config.JWT_SECRET ?? (await sharedSecret(database.db, 'jwt'));
  const app = await buildApp({ config, database, jwtSecret, logger: options.logger });
  app.addHook('onClose', async () => {
    await database.close();
  });
  return { app, database, seeded };
}
