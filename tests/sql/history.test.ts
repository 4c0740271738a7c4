import { historyContract } from "./contracts/history.contract.js";
import { describeOnEngines } from "./support/harness.js";

describeOnEngines("Lists over history contract", historyContract);
