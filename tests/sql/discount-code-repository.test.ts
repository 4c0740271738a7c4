import { discountCodeRepositoryContract } from "./contracts/discount-code-repository.contract.js";
import { describeOnEngines } from "./support/harness.js";

describeOnEngines("DiscountCodeRepository contract", discountCodeRepositoryContract);
