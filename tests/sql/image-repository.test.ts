import { imageRepositoryContract } from "./contracts/image-repository.contract.js";
import { describeOnEngines } from "./support/harness.js";

describeOnEngines("ImageRepository contract", imageRepositoryContract);
