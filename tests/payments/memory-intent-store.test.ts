import { memoryIntentStore } from "../support/memory-intent-store.js";
import { simulatedIntentStoreContract } from "./simulated-intent-store-contract.js";

simulatedIntentStoreContract("memory", memoryIntentStore);
