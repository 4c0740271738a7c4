import fp from "fastify-plugin";
import type { Ports } from "@courts/core";
import type { AppDeps, HttpConfig } from "../deps.js";
import "../augment.js";

export interface PortsPluginOptions {
  readonly ports: Ports;
  readonly config: HttpConfig;
  readonly simulatedCard: AppDeps["simulatedCard"];
  readonly verifyWebhook: AppDeps["verifyWebhook"];
}

/** Hands the ports and the configuration to every route plugin (typed in augment.ts). */
export default fp<PortsPluginOptions>(
  async (app, options) => {
    app.decorate("ports", options.ports);
    app.decorate("httpConfig", options.config);
    app.decorate("simulatedCard", options.simulatedCard ?? null);
    app.decorate("verifyWebhook", options.verifyWebhook ?? null);
  },
  { name: "courts-ports", fastify: "5.x" },
);
