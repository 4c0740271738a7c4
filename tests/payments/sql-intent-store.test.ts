import { afterAll, beforeAll, describe } from "vitest";
import type { SimulatedIntentStore } from "../../adapters/src/payments/simulated-intent-store.js";
import { openTestDatabase, SQL_ENGINES } from "../sql/support/harness.js";
import { simulatedIntentStoreContract } from "./simulated-intent-store-contract.js";

// The simulated provider's SQL table keeps the promises of the Map in tests/support, on each engine
// (PostgreSQL when TEST_DATABASE_URL is set): refunds within the amount charged under races,
// newest first, with their metadata.
for (const engine of SQL_ENGINES)
  describe.skipIf(!engine.available)(`SimulatedIntentStore on ${engine.name}`, () => {
    let store: SimulatedIntentStore;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      const opened = await openTestDatabase(engine.name);
      store = opened.db.simulatedIntents;
      dispose = opened.dispose;
    });
    afterAll(() => dispose?.());
    simulatedIntentStoreContract(engine.name, () => store);
  });
