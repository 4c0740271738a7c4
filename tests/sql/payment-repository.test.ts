import { paymentRepositoryContract } from "./contracts/payment-repository.contract.js";
import { describeOnEngines } from "./support/harness.js";

describeOnEngines("PaymentRepository contract", paymentRepositoryContract);
