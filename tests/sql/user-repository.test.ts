import { userRepositoryContract } from "./contracts/user-repository.contract.js";
import { describeOnEngines } from "./support/harness.js";

describeOnEngines("UserRepository contract", userRepositoryContract);
