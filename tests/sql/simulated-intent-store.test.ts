import { simulatedIntentStoreContract } from "./contracts/simulated-intent-store.contract.js";
import { describeOnEngines } from "./support/harness.js";

describeOnEngines("SimulatedIntentStore contract", simulatedIntentStoreContract);
