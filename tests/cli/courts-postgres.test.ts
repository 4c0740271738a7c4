import { describeCliSuite } from "./support/cli-suite.js";

describeCliSuite("postgresql");
