import { bookingRepositoryContract } from "./contracts/booking-repository.contract.js";
import { describeOnEngines } from "./support/harness.js";

describeOnEngines("BookingRepository contract", bookingRepositoryContract);
