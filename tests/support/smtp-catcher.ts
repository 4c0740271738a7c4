import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./free-port.js";

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts, parsed. It can be stopped
 * and started again on the same port to play an outage.
 */
export interface SmtpCatcher {
  readonly port: number;
  readonly url: string;
  readonly mails: ParsedMail[];
  /** resolves once `count` messages arrived (or rejects after `timeoutMs`) */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  to(address: string): ParsedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

export const startSmtpCatcher = async (): Promise<SmtpCatcher> => {
  const port = await freePort();
  const mails: ParsedMail[] = [];
  let server: SMTPServer | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) => {
              mails.push(mail);
              callback();
            })
            .catch((error: Error) => callback(error));
        },
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
  await start();
  const recipients = (mail: ParsedMail): string[] =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, got ${mails.length}: ${mails.map((m) => m.subject).join(" | ")}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return mails;
    },
    to: (address) => mails.filter((m) => recipients(m).includes(address.toLowerCase())),
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
    start,
  };
};
