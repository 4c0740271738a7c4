import type { Ports } from "@courts/core";
import type { AppDeps, HttpConfig, UserSessionStore } from "./deps.js";

declare module "fastify" {
  interface FastifyInstance {
    /** the ports the route plugins hand to the use cases */
    ports: Ports;
    httpConfig: HttpConfig;
    /** the session store, to end a user's sessions after a password change or reset */
    sessions: UserSessionStore;
    /** the simulated card provider's confirm (null in Stripe mode) */
    simulatedCard: NonNullable<AppDeps["simulatedCard"]> | null;
    /** Stripe mode: webhook signature verification (null otherwise) */
    verifyWebhook: NonNullable<AppDeps["verifyWebhook"]> | null;
  }
  interface Session {
    /** the logged-in player (POST /api/auth/login) */
    userId?: string;
    /** the logged-in admin (POST /api/admin/login), kept apart from the player identity */
    adminId?: string;
  }
}
