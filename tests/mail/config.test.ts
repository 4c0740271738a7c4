import path from "node:path";
import { loadConfig } from "@courts/adapters";
import { configBase, configProblems } from "../support/config-problems.js";
import { describe, expect, it } from "vitest";

const base = configBase("/tmp/courts-config-test");
const problems = (env: Record<string, string>) => configProblems({ ...base, ...env });

describe("mail configuration", () => {
  it("without SMTP_URL, then mail goes to .eml files under DATA_DIR/mail with a default sender and retry", () => {
    const config = loadConfig(base, { persistSecret: false });
    expect(config.mail).toEqual({ smtpUrl: null, from: '"Reserva Tenis" <no-reply@localhost>', dir: path.join("/tmp/courts-config-test", "mail"), retrySeconds: 60 });
  });

  it("SMTP_URL, MAIL_FROM and MAIL_RETRY_SECONDS are read", () => {
    const config = loadConfig({ ...base, SMTP_URL: "smtps://u:p@smtp.club.ec:465", MAIL_FROM: "Club <reservas@club.ec>", MAIL_RETRY_SECONDS: "0.5" }, { persistSecret: false });
    expect(config.mail).toMatchObject({ smtpUrl: "smtps://u:p@smtp.club.ec:465", from: "Club <reservas@club.ec>", retrySeconds: 0.5 });
  });

  it("bad values are named, each with what it wants", () => {
    expect(problems({ SMTP_URL: "mail.club.ec" })).toEqual([expect.stringMatching(/^SMTP_URL debe ser una URL smtp:\/\/ o smtps:\/\//)]);
    expect(problems({ MAIL_FROM: "reservas" })).toEqual([expect.stringMatching(/^MAIL_FROM debe ser una dirección de correo/)]);
    expect(problems({ MAIL_RETRY_SECONDS: "0" })).toEqual([expect.stringMatching(/^MAIL_RETRY_SECONDS debe ser un número entre 0.01 y 3600/)]);
  });
});
