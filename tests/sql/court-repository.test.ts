import { courtRepositoryContract } from "./contracts/court-repository.contract.js";
import { describeOnEngines } from "./support/harness.js";

describeOnEngines("CourtRepository contract", courtRepositoryContract);
