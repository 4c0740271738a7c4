import { shareLinkRepositoryContract } from "./contracts/share-link-repository.contract.js";
import { describeOnEngines } from "./support/harness.js";

describeOnEngines("ShareLinkRepository contract", shareLinkRepositoryContract);
