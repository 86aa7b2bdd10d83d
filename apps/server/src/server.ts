import { type BuildAppOptions, buildApp } from './app.ts';
import type { Config } from './config.ts';
import { grantNewKindActions } from './modules/company-admin/kind-actions.ts';
import { openDatabase } from './platform/db.ts';
import { sharedSecret } from './platform/secrets.ts';
import { isEmpty, seedDemo } from './seed/demo.ts';
import { seedDemoAdmission } from './seed/demo-admission.ts';
import { seedDemoAppraisal } from './seed/demo-appraisal.ts';
import { seedDemoCompanyAdmin } from './seed/demo-company-admin.ts';
import { seedDemoContracts } from './seed/demo-contracts.ts';
import { seedDemoCustomFields } from './seed/demo-custom-fields.ts';
import { seedDemoEbiddings } from './seed/demo-ebiddings.ts';
import { seedDemoEnquiries } from './seed/demo-enquiries.ts';
import { seedDemoFinance } from './seed/demo-finance.ts';
import { seedDemoImprovement } from './seed/demo-improvement.ts';
import { seedDemoInspection } from './seed/demo-inspection.ts';
import { seedDemoLifecycle } from './seed/demo-lifecycle.ts';
import { seedDemoMasterdata } from './seed/demo-masterdata.ts';
import { seedDemoOrders } from './seed/demo-orders.ts';
import { seedDemoRequisitions } from './seed/demo-requisitions.ts';
import { seedDemoSecondBuyer } from './seed/demo-second-buyer.ts';
import { seedDemoSupplierChange } from './seed/demo-supplier-change.ts';
import { wireModules } from './wiring.ts';

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR), applies the
 * migrations, seeds the demo world into an empty database, hands out new document-kind actions to the
 * roles that opened the kinds (issue #19) (all under the start-up lock, so several
 * processes may start at once), and builds the app. Used by main.ts and by
 * the tests, so both run exactly the same start-up. `dataDir: null` = PGlite in memory; with it,
 * `pgliteTemplate` starts from a tarball of an already migrated and seeded database (the test suite's
 * copy, test/global-setup.ts), and the start-up then finds the migrations applied and the data there.
 */
export async function startServer(
  config: Config,
  options: {
    logger?: boolean | object;
    dataDir?: string | null;
    pgliteTemplate?: Blob;
    /** Tests only: routes of a throwaway kind (BuildAppOptions.extraRoutes). */
    extraRoutes?: BuildAppOptions['extraRoutes'];
  } = {},
) {
  // Each start-up phase's wall time in ms, logged once the app is built (issue #43: warm start ≤ 3 s).
  const phases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - phaseStart);
    phaseStart = now;
  };
  // The platform's ports first: the seed already saves documents through the kernel (issue #34).
  wireModules();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : {
          kind: 'pglite',
          dataDir: options.dataDir === null ? undefined : (options.dataDir ?? config.DATA_DIR),
          ...(options.dataDir === null && options.pgliteTemplate
            ? { loadDataDir: options.pgliteTemplate }
            : {}),
        },
  );
  // Migrate and seed under the start-up lock: any number of processes may start at once on one
  // PostgreSQL database (issue #18); the first migrates and seeds, the others wait and find it done.
  phase('openDatabase');
  const seeded = await database.withStartupLock(async () => {
    await database.migrate();
    phase('migrate');
    const seededNow = await seedIfEmpty();
    phase('seed');
    // Document-kind actions (issue #19) for the roles that opened the kinds' pages: the demo's and an
    // upgraded database's; once per action code, so an administrator's later removal stays.
    await grantNewKindActions(database.db);
    phase('grantNewKindActions');
    return seededNow;
  });
  /** Seeds the demo world into an empty database (SEED_DEMO); whether it did. */
  async function seedIfEmpty(): Promise<boolean> {
    if (!config.SEED_DEMO || !(await isEmpty(database.db))) return false;
    await seedDemo(database.db);
    await seedDemoMasterdata(database.db);
    await seedDemoSecondBuyer(database.db, config.ENV_NAME);
    await seedDemoOrders(database.db, config.ENV_NAME);
    await seedDemoRequisitions(database.db, config.ENV_NAME);
    await seedDemoCustomFields(database.db);
    await seedDemoEnquiries(database.db, config.ENV_NAME);
    await seedDemoEbiddings(database.db, config.ENV_NAME);
    await seedDemoFinance(database.db, config.ENV_NAME);
    await seedDemoAdmission(database.db, config.ENV_NAME);
    await seedDemoSupplierChange(database.db, config.ENV_NAME);
    await seedDemoInspection(database.db, config.ENV_NAME);
    await seedDemoLifecycle(database.db, config.ENV_NAME);
    await seedDemoImprovement(database.db, config.ENV_NAME);
    await seedDemoContracts(database.db, config.ENV_NAME);
    await seedDemoCompanyAdmin(database.db);
    await seedDemoAppraisal(database.db, config.ENV_NAME);
    return true;
  }
  const jwtSecret = config.JWT_SECRET ?? (await sharedSecret(database.db, 'jwt'));
  const app = await buildApp({
    config,
    database,
    jwtSecret,
    logger: options.logger,
    extraRoutes: options.extraRoutes,
  });
  phase('buildApp');
  app.log.info({ startupPhasesMs: phases }, 'start-up phases');
  app.addHook('onClose', async () => {
    await database.close();
  });
  return { app, database, seeded };
}
