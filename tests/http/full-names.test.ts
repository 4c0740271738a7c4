import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SESSION_COOKIE } from "@courts/adapters";
import { mailSteps } from "@courts/adapters/sweep/mail-steps";
import { runSweep } from "@courts/adapters/sweep/sweeper";
import { extractText } from "unpdf";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtp-catcher.js";
import { Client } from "./support/client.js";
import { adminClient, book, demoCourts, newPlayer, pay, PASSWORD, unique, type CourtShape, type UserShape } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

/**
 * A person's real name where the product names them to others (DESIGN.md section 13): the
 * invoice's buyer, the admin's schedule, transactions and their CSV, and mails. An account
 * without a full name is named by its username; a guest by what they typed.
 */

interface Transaction {
  readonly id: string;
  readonly userName: string | null;
  readonly userEmail: string | null;
}

interface ScheduledBooking {
  readonly id: string;
  readonly userName: string | null;
  readonly playerName: string | null;
  readonly playerPhone: string | null;
}

interface Schedule {
  readonly venues: { readonly courts: { readonly id: string; readonly cells: { readonly timeSlot: string; readonly booking: ScheduledBooking | null }[] }[] }[];
}

describeOnEngines("full names", (server) => {
  let courts: CourtShape[];
  let admin: Client;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    courts = (await demoCourts(server())).courts;
    admin = await adminClient(server());
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  /** A player registered with a full name and a phone; the email does not hold the username, so a text with the username names them by it. */
  const namedPlayer = async (fullName: string) => {
    const username = unique("p_");
    const client = new Client(server().baseUrl);
    const answer = await client.post<{ user: UserShape }>("/api/auth/register", {
      email: `${unique("correo")}@correo.ec`,
      username,
      password: PASSWORD,
      fullName,
      phone: "099 123 4567",
    });
    expect(answer.status).toBe(201);
    return { client, user: answer.body.user };
  };

  const invoiceText = async (client: Client, paymentId: string): Promise<string> => {
    const answer = await fetch(`${server().baseUrl}/api/payments/${paymentId}/invoice`, { headers: { cookie: `${SESSION_COOKIE}=${client.session ?? ""}` } });
    expect(answer.status).toBe(200);
    const { text } = await extractText(new Uint8Array(await answer.arrayBuffer()), { mergePages: true });
    return text.replace(/\s+/g, " ");
  };

  const transactionOf = async (paymentId: string): Promise<Transaction | undefined> =>
    (await admin.get<{ items: Transaction[] }>("/api/admin/transactions?pageSize=200")).body.items.find((t) => t.id === paymentId);

  /** The CSV's 'Usuario' column of the payment's row. */
  const csvNameOf = async (paymentId: string): Promise<string | undefined> => {
    const csv = await admin.get("/api/admin/transactions.csv");
    const [header, ...rows] = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    const column = header!.split(";").indexOf("Usuario");
    expect(column).toBeGreaterThanOrEqual(0);
    return rows.find((row) => row.endsWith(`;${paymentId}`))?.split(";")[column];
  };

  it("when a player with a full name pays, then the invoice, the admin's transaction and the CSV name them by it", async () => {
    const { client, user } = await namedPlayer("María José Peña Núñez");
    const booking = await book(client, courts);
    const payment = await pay(client, booking.id);

    const text = await invoiceText(client, payment.id);
    expect(text).toContain("FACTURADO A María José Peña Núñez");
    expect(text).not.toContain(user.username);
    expect(await transactionOf(payment.id)).toMatchObject({ userName: "María José Peña Núñez", userEmail: user.email });
    expect(await csvNameOf(payment.id)).toBe("María José Peña Núñez");
  });

  it("when a player without a full name pays and gives one later, then that invoice keeps the username it was issued with and the next one carries the name", async () => {
    const { client, user } = await newPlayer(server(), unique("bob_pena"));
    const first = await pay(client, (await book(client, courts)).id);
    expect(await invoiceText(client, first.id)).toContain(`FACTURADO A ${user.username}`);

    expect((await client.put("/api/user/profile", { email: user.email, username: user.username, fullName: "Roberto Peña" })).status).toBe(200);
    const second = await pay(client, (await book(client, courts)).id);

    const before = await invoiceText(client, first.id);
    expect(before).toContain(`FACTURADO A ${user.username}`);
    expect(before).not.toContain("Roberto Peña");
    expect(await invoiceText(client, second.id)).toContain("FACTURADO A Roberto Peña");
    // the transactions tell the buyer each invoice names
    expect((await transactionOf(first.id))?.userName).toBe(user.username);
    expect((await transactionOf(second.id))?.userName).toBe("Roberto Peña");
    expect(await csvNameOf(first.id)).toBe(user.username);
    expect(await csvNameOf(second.id)).toBe("Roberto Peña");
  });

  it("when a payment is not recorded yet, then the admin's transaction names the account as it is now: its full name", async () => {
    const { client } = await namedPlayer("Lucía Andrade");
    const booking = await book(client, courts);
    const intent = await client.post<{ paymentIntentId: string }>("/api/create-payment-intent", { bookingId: booking.id, paymentType: "partial" });
    expect(intent.status).toBe(200);
    const listed = (await admin.get<{ items: (Transaction & { stripePaymentIntentId: string; status: string })[] }>("/api/admin/transactions?pageSize=200")).body.items;
    expect(listed.find((t) => t.stripePaymentIntentId === intent.body.paymentIntentId)).toMatchObject({ status: "pending", userName: "Lucía Andrade" });
  });

  it("when a guest pays a share with a typed name, then their invoice and transaction keep what they typed", async () => {
    const { client } = await namedPlayer("Ana Lucía Pérez");
    const booking = await book(client, courts);
    await pay(client, booking.id);
    const link = await client.post<{ shareToken: string }>("/api/shared-payment-links", { bookingId: booking.id, maxParticipants: 2 });
    const guest = new Client(server().baseUrl);
    const payment = await pay(guest, booking.id, { shareToken: link.body.shareToken, payerName: "carla_q", payerEmail: "carla@correo.ec" });
    expect(await transactionOf(payment.id)).toMatchObject({ userName: "carla_q", userEmail: "carla@correo.ec" });
    expect(await invoiceText(admin, payment.id)).toContain("FACTURADO A carla_q");
  });

  it("when the admin opens the day's schedule, then a booked cell names the player by their full name and phone beside the username; without a full name, by the username", async () => {
    const named = await namedPlayer("Teresa Cárdenas Vélez");
    const plain = await newPlayer(server());
    const first = await book(named.client, courts);
    const second = await book(plain.client, courts);
    const cellOf = async (booking: { id: string; courtId: string; date: string; timeSlot: string }) => {
      const answer = await admin.get<Schedule>(`/api/admin/schedule?date=${booking.date}`);
      expect(answer.status).toBe(200);
      const court = answer.body.venues.flatMap((v) => v.courts).find((c) => c.id === booking.courtId);
      return court?.cells.find((c) => c.timeSlot === booking.timeSlot)?.booking;
    };
    expect(await cellOf(first)).toMatchObject({ id: first.id, userName: named.user.username, playerName: "Teresa Cárdenas Vélez", playerPhone: "+593991234567" });
    expect(await cellOf(second)).toMatchObject({ id: second.id, userName: plain.user.username, playerName: plain.user.username, playerPhone: null });
  });

  it("when a player with a full name pays, then the receipt greets them by it", async () => {
    const { client, user } = await namedPlayer("Pedro Iñiguez");
    await pay(client, (await book(client, courts)).id);
    await runSweep(
      mailSteps(server().ports, {
        mail: { smtpUrl: smtp.url, from: "Canchas <reservas@club.ec>", dir: mkdtempSync(path.join(tmpdir(), "courts-mail-")), retrySeconds: 0.05 },
        publicUrl: "http://localhost:3000",
      }),
      { error: () => undefined },
    );
    const receipt = smtp.to(user.email).find((m) => m.subject?.startsWith("Pagaste tu parte"));
    expect(receipt?.text).toContain("Hola Pedro Iñiguez:");
  });
});
