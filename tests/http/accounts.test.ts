import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { mailSteps } from "@courts/adapters/sweep/mail-steps";
import { runSweep } from "@courts/adapters/sweep/sweeper";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtp-catcher.js";
import { Client } from "./support/client.js";
import { adminClient, loginPlayer, PASSWORD, unique } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

/** DESIGN.md section 13 through the real server, a real database and a real SMTP server. */

interface AccountShape {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly fullName: string | null;
  readonly phone: string | null;
  readonly emailVerified: boolean;
}

const PUBLIC_URL = "http://localhost:3000";

/** The token of the one link a mail carries to `screen` (/restablecer or /verificar). */
const linkToken = (mail: ParsedMail | undefined, screen: "restablecer" | "verificar"): string => {
  const match = new RegExp(`${PUBLIC_URL}/${screen}/([A-Za-z0-9_-]+)`).exec(mail?.text ?? "");
  if (!match?.[1]) throw new Error(`no /${screen} link in: ${mail?.text ?? "(no mail)"}`);
  return match[1];
};

describeOnEngines("accounts a person owns", (server) => {
  let smtp: SmtpCatcher;
  const log = { error: () => undefined };

  /** one sweep pass: the outbox's messages go to the SMTP server */
  const sweep = () =>
    runSweep(
      mailSteps(server().ports, {
        mail: { smtpUrl: smtp.url, from: "Canchas <reservas@club.ec>", dir: mkdtempSync(path.join(tmpdir(), "courts-mail-")), retrySeconds: 0.05 },
        publicUrl: PUBLIC_URL,
      }),
      log,
    );

  /** the newest mail to `address` with `subject`, after a sweep */
  const mailTo = async (address: string, subject: string): Promise<ParsedMail | undefined> => {
    await sweep();
    return smtp.to(address).filter((m) => m.subject === subject).at(-1);
  };

  const register = async (fields: Record<string, unknown> = {}) => {
    const name = unique("cuenta");
    const client = new Client(server().baseUrl);
    const answer = await client.post<{ user: AccountShape }>("/api/auth/register", {
      email: `${name}@correo.ec`,
      username: name,
      password: PASSWORD,
      fullName: "María José Peña",
      ...fields,
    });
    return { client, answer, name, email: `${name}@correo.ec` };
  };

  const me = async (client: Client) => client.get<{ user: AccountShape }>("/api/auth/me");

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  describe("registration", () => {
    it("when a player registers with a name and a local phone, then the account keeps the name, the phone in E.164 and an unconfirmed email", async () => {
      const { answer, name } = await register({ phone: "099 123 4567" });
      expect(answer.status).toBe(201);
      expect(answer.body.user).toMatchObject({ username: name, fullName: "María José Peña", phone: "+593991234567", emailVerified: false });
    });

    it("when the phone is not a number, then 400 on the field phone and no account is made", async () => {
      const { answer, name } = await register({ phone: "12" });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ field: "phone", code: "INVALID_INPUT" });
      expect((answer.body as unknown as { message: string }).message).toContain("teléfono");
      // the name is still free: nothing was written
      const again = await new Client(server().baseUrl).post("/api/auth/register", { email: `${name}@correo.ec`, username: name, password: PASSWORD });
      expect(again.status).toBe(201);
    });

    it("when the email is a list or carries a display name, then 400 on the field email", async () => {
      for (const email of ["alice@example.com,x", "Ana <ana@example.com>", "ana@example.com; bob@example.com", "ana@localhost"]) {
        const { answer } = await register({ email });
        expect(answer.status, email).toBe(400);
        expect(answer.body, email).toMatchObject({ field: "email" });
      }
    });

    it("when a player registers, then 'Confirma tu correo' arrives and its link confirms the address once", async () => {
      const { client, email } = await register();
      const mail = await mailTo(email, "Confirma tu correo");
      expect(mail?.text).toContain("Hola María José Peña:");
      const token = linkToken(mail, "verificar");
      const guest = new Client(server().baseUrl);
      expect((await guest.post(`/api/auth/verify-email/${token}`)).status).toBe(204);
      expect((await me(client)).body.user.emailVerified).toBe(true);
      const again = await guest.post(`/api/auth/verify-email/${token}`);
      expect(again.status).toBe(410);
      expect(again.body).toMatchObject({ code: "ACCOUNT_LINK_GONE" });
    });

    it("when a confirmed player asks for another link, then 409; an unconfirmed one gets a new link and the old one stops working", async () => {
      const { client, email } = await register();
      const first = linkToken(await mailTo(email, "Confirma tu correo"), "verificar");
      expect((await client.post("/api/auth/verify-email")).status).toBe(202);
      const second = linkToken(await mailTo(email, "Confirma tu correo"), "verificar");
      expect(second).not.toBe(first);
      expect((await client.post(`/api/auth/verify-email/${first}`)).status).toBe(410);
      expect((await client.post(`/api/auth/verify-email/${second}`)).status).toBe(204);
      const done = await client.post("/api/auth/verify-email");
      expect(done.status).toBe(409);
      expect(done.body).toMatchObject({ code: "EMAIL_ALREADY_VERIFIED" });
    });

    it("when a link's token is made up or malformed, then 410, never 404 or 500; a control character in it is a 400 like anywhere in an address", async () => {
      const guest = new Client(server().baseUrl);
      for (const token of ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "x", "%20", "a".repeat(500)]) {
        expect((await guest.post(`/api/auth/verify-email/${token}`)).status, token).toBe(410);
        expect((await guest.post(`/api/auth/password-reset/${token}`, { password: "otra-clave-larga-2026" })).status, token).toBe(410);
      }
      expect((await guest.post("/api/auth/verify-email/%00")).status).toBe(400);
      expect((await guest.post("/api/auth/password-reset/%00", { password: "otra-clave-larga-2026" })).status).toBe(400);
    });
  });

  describe("profile", () => {
    it("when a player edits the name and phone, then they are read back; a blank phone removes it; fields left out stay", async () => {
      const { client, name, email } = await register({ phone: "0991234567" });
      const edited = await client.put<{ user: AccountShape }>("/api/user/profile", { email, username: name, fullName: "Ana Torres", phone: "+34 612 34 56 78" });
      expect(edited.status).toBe(200);
      expect(edited.body.user).toMatchObject({ fullName: "Ana Torres", phone: "+34612345678" });
      const kept = await client.put<{ user: AccountShape }>("/api/user/profile", { email, username: name });
      expect(kept.body.user).toMatchObject({ fullName: "Ana Torres", phone: "+34612345678" });
      const cleared = await client.put<{ user: AccountShape }>("/api/user/profile", { email, username: name, phone: "" });
      expect(cleared.body.user.phone).toBeNull();
    });

    it("when a bad phone or a too short name is sent, then 400 and nothing stored changes", async () => {
      const { client, name, email } = await register({ phone: "0991234567" });
      expect((await client.put("/api/user/profile", { email, username: unique("otro"), phone: "123" })).status).toBe(400);
      expect((await client.put("/api/user/profile", { email, username: unique("otro"), fullName: "A" })).status).toBe(400);
      expect((await me(client)).body.user).toMatchObject({ username: name, phone: "+593991234567", fullName: "María José Peña" });
    });

    it("when a confirmed player changes the email, then it is unconfirmed again and the new address gets the link", async () => {
      const { client, name, email } = await register();
      expect((await client.post(`/api/auth/verify-email/${linkToken(await mailTo(email, "Confirma tu correo"), "verificar")}`)).status).toBe(204);
      const newEmail = `${unique("nuevo")}@correo.ec`;
      const changed = await client.put<{ user: AccountShape }>("/api/user/profile", { email: newEmail, username: name });
      expect(changed.body.user).toMatchObject({ email: newEmail, emailVerified: false });
      const token = linkToken(await mailTo(newEmail, "Confirma tu correo"), "verificar");
      expect((await client.post(`/api/auth/verify-email/${token}`)).status).toBe(204);
      expect((await me(client)).body.user.emailVerified).toBe(true);
    });

    it("when a link was sent to an address the account no longer has, then it confirms nothing", async () => {
      const { client, name, email } = await register();
      const token = linkToken(await mailTo(email, "Confirma tu correo"), "verificar");
      await client.put("/api/user/profile", { email: `${unique("otro")}@correo.ec`, username: name });
      expect((await client.post(`/api/auth/verify-email/${token}`)).status).toBe(410);
      expect((await me(client)).body.user.emailVerified).toBe(false);
    });
  });

  describe("password change", () => {
    it("when the current password is right, then 204, this session stays and every other session of the player ends", async () => {
      const { client, name } = await register();
      const phone = await loginPlayer(server(), name);
      const wrong = await client.post("/api/user/password", { currentPassword: "no-es-la-clave-1", newPassword: "nueva-clave-larga-2026" });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: "WRONG_PASSWORD" });
      expect((await me(phone)).status).toBe(200);

      expect((await client.post("/api/user/password", { currentPassword: PASSWORD, newPassword: "nueva-clave-larga-2026" })).status).toBe(204);
      expect((await me(client)).status).toBe(200);
      expect((await me(phone)).status).toBe(401);
      expect((await new Client(server().baseUrl).post("/api/auth/login", { username: name, password: PASSWORD })).status).toBe(401);
      expect((await new Client(server().baseUrl).post("/api/auth/login", { username: name, password: "nueva-clave-larga-2026" })).status).toBe(200);
    });

    it("when the new password is common or short, then 400 with why, and the old one still works", async () => {
      const { client, name } = await register();
      const common = await client.post("/api/user/password", { currentPassword: PASSWORD, newPassword: "1234567890" });
      expect(common.status).toBe(400);
      expect(common.body).toMatchObject({ field: "password" });
      expect((await client.post("/api/user/password", { currentPassword: PASSWORD, newPassword: "corta" })).status).toBe(400);
      expect((await new Client(server().baseUrl).post("/api/auth/login", { username: name, password: PASSWORD })).status).toBe(200);
    });

    it("when nobody is signed in, then 401", async () => {
      expect((await new Client(server().baseUrl).post("/api/user/password", { currentPassword: PASSWORD, newPassword: "nueva-clave-larga-2026" })).status).toBe(401);
    });
  });

  describe("password reset", () => {
    it("when an unknown address asks, then 202 like a known one and no mail goes anywhere", async () => {
      const before = smtp.mails.length;
      const answer = await new Client(server().baseUrl).post("/api/auth/password-reset", { email: `${unique("nadie")}@correo.ec` });
      expect(answer.status).toBe(202);
      await sweep();
      expect(smtp.mails.slice(before).filter((m) => m.subject === "Restablece tu contraseña")).toHaveLength(0);
    });

    it("when a player follows the mailed link, then the new password works, every session ended and the link is spent", async () => {
      const { client, name, email } = await register();
      expect((await new Client(server().baseUrl).post("/api/auth/password-reset", { email: email.toUpperCase() })).status).toBe(202);
      const mail = await mailTo(email, "Restablece tu contraseña");
      expect(mail?.text).toContain("Hola María José Peña:");
      expect(mail?.text).toContain("vence en 1 hora");
      const token = linkToken(mail, "restablecer");

      const weak = await new Client(server().baseUrl).post(`/api/auth/password-reset/${token}`, { password: "1234567890" });
      expect(weak.status).toBe(400);
      const guest = new Client(server().baseUrl);
      expect((await guest.post(`/api/auth/password-reset/${token}`, { password: "recuperada-clave-2026" })).status).toBe(204);
      expect((await me(client)).status).toBe(401);
      expect((await guest.post(`/api/auth/password-reset/${token}`, { password: "otra-clave-larga-2026" })).status).toBe(410);
      expect((await guest.post("/api/auth/login", { username: name, password: "recuperada-clave-2026" })).status).toBe(200);
      // following the mailed link proved the address too
      expect((await me(guest)).body.user.emailVerified).toBe(true);
    });

    it("when a second link is asked for, then the first one no longer works", async () => {
      const { email } = await register();
      const guest = new Client(server().baseUrl);
      await guest.post("/api/auth/password-reset", { email });
      const first = linkToken(await mailTo(email, "Restablece tu contraseña"), "restablecer");
      await guest.post("/api/auth/password-reset", { email });
      const second = linkToken(await mailTo(email, "Restablece tu contraseña"), "restablecer");
      expect((await guest.post(`/api/auth/password-reset/${first}`, { password: "recuperada-clave-2026" })).status).toBe(410);
      expect((await guest.post(`/api/auth/password-reset/${second}`, { password: "recuperada-clave-2026" })).status).toBe(204);
    });
  });

  describe("the desk", () => {
    it("when the admin registers a walk-in, then the desk finds them by name, accent-free, by phone and by email, and they cannot log in", async () => {
      const admin = await adminClient(server());
      const surname = unique("Quispé");
      const email = `${unique("rosa")}@correo.ec`;
      const created = await admin.post<AccountShape>("/api/admin/users", { fullName: `Rosa ${surname}`, phone: "0987654321", email });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ fullName: `Rosa ${surname}`, phone: "+593987654321", email, emailVerified: false });

      for (const q of [surname, surname.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase(), "098765", email]) {
        const found = await admin.get<{ items: AccountShape[] }>(`/api/admin/users?q=${encodeURIComponent(q)}`);
        expect(found.status, q).toBe(200);
        expect(found.body.items.map((u) => u.id), q).toContain(created.body.id);
      }
      for (const password of ["", PASSWORD, "cualquier-cosa-1"])
        expect((await new Client(server().baseUrl).post("/api/auth/login", { username: created.body.username, password })).status).not.toBe(200);
    });

    it("when a walk-in with an email asks for a reset, then they claim the account with their own password", async () => {
      const admin = await adminClient(server());
      const email = `${unique("luis")}@correo.ec`;
      const created = await admin.post<AccountShape>("/api/admin/users", { fullName: "Luis Andrade", email });
      const guest = new Client(server().baseUrl);
      await guest.post("/api/auth/password-reset", { email });
      const token = linkToken(await mailTo(email, "Restablece tu contraseña"), "restablecer");
      expect((await guest.post(`/api/auth/password-reset/${token}`, { password: "mi-propia-clave-2026" })).status).toBe(204);
      expect((await guest.post("/api/auth/login", { username: created.body.username, password: "mi-propia-clave-2026" })).status).toBe(200);
    });

    it("when walk-ins have no email, then several can be made; a taken email is 409; a bad phone 400", async () => {
      const admin = await adminClient(server());
      const a = await admin.post<AccountShape>("/api/admin/users", { fullName: "Pedro Sin Correo" });
      const b = await admin.post<AccountShape>("/api/admin/users", { fullName: "Pedro Sin Correo" });
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.username).not.toBe(b.body.username);
      expect(a.body.email).toBe("");
      const { email } = await register();
      expect((await admin.post("/api/admin/users", { fullName: "Otra Persona", email })).status).toBe(409);
      expect((await admin.post("/api/admin/users", { fullName: "Otra Persona", phone: "abc" })).status).toBe(400);
      expect((await admin.post("/api/admin/users", { phone: "0991234567" })).status).toBe(400);
    });

    it("when a player or a guest uses the desk's calls, then 403 or 401 and nothing is made", async () => {
      const { client } = await register();
      expect((await client.get("/api/admin/users?q=rosa")).status).toBe(403);
      expect((await client.post("/api/admin/users", { fullName: "Intruso Uno" })).status).toBe(403);
      expect((await new Client(server().baseUrl).post("/api/admin/users", { fullName: "Intruso Dos" })).status).toBe(401);
      const admin = await adminClient(server());
      expect((await admin.get<{ items: unknown[] }>("/api/admin/users?q=Intruso")).body.items).toEqual([]);
    });

    it("when the search has no q, then a Spanish 400; admins are never among the players found", async () => {
      const admin = await adminClient(server());
      const missing = await admin.get<{ message: string }>("/api/admin/users?q=");
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/'q'|'username'/);
      expect((await admin.get<{ items: AccountShape[] }>("/api/admin/users?q=admin")).body.items.every((u) => !u.username.startsWith("admin"))).toBe(true);
    });
  });
});
