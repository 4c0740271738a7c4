import { randomBytes } from "node:crypto";
import type { Ports } from "@courts/core";
import { createAdmin, ensureAdmin } from "@courts/core";
import type { Config } from "./config.js";
import { run } from "./http/run.js";

export type AdminBootstrap =
  | { readonly kind: "configured"; readonly username: string; readonly created: boolean }
  | { readonly kind: "generated"; readonly username: string; readonly password: string }
  | { readonly kind: "existing" };

type AdminPorts = Pick<Ports, "users" | "passwords" | "ids" | "clock">;

/**
 * ADMIN_USERNAME / ADMIN_PASSWORD create that admin or reset its password. Without them, a
 * database with no admin gets one with a random password, which the caller prints once.
 */
export const bootstrapAdmin = async (ports: AdminPorts, admin: Config["admin"]): Promise<AdminBootstrap> => {
  if (admin) {
    const result = await run(ensureAdmin(ports, admin));
    return { kind: "configured", username: result.user.username, created: result.created };
  }
  if ((await ports.users.countAdmins()) > 0) return { kind: "existing" };
  let username = "admin";
  if (await ports.users.findByUsername(username)) username = `admin-${randomBytes(3).toString("hex")}`;
  const password = randomBytes(15).toString("base64url");
  await run(createAdmin(ports, { username, email: `${username}@admin.local`, password }));
  return { kind: "generated", username, password };
};

/** The one time the generated password is shown: on stdout, framed so nobody misses it. */
export const adminBanner = (credentials: { username: string; password: string }, url: string): string => {
  const lines = [
    "Se creó una cuenta de administrador (no había ninguna):",
    "",
    `  Usuario:     ${credentials.username}`,
    `  Contraseña:  ${credentials.password}`,
    `  Panel:       ${url}/admin/login`,
    "",
    "Guárdala ahora: no se volverá a mostrar. Para fijarla tú, define",
    "ADMIN_USERNAME y ADMIN_PASSWORD (ver .env.example).",
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const rule = "=".repeat(width);
  return [rule, ...lines.map((l) => `| ${l.padEnd(width - 4)} |`), rule].join("\n");
};
