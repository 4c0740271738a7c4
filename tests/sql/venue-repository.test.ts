import { venueRepositoryContract } from "./contracts/venue-repository.contract.js";
import { describeOnEngines } from "./support/harness.js";

describeOnEngines("VenueRepository contract", venueRepositoryContract);
