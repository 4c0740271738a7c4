import type { Writable } from "node:stream";
import { passwordWeakness } from "@courts/adapters/auth/password-policy";
import { CliError } from "./failures.js";

/** Everything on stdin up to EOF, without the line break `echo` or a here-string adds. */
export const readPasswordFromStdin = async (stdin: NodeJS.ReadStream): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  const text = Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
  if (text === "") throw new CliError("No se recibió ninguna contraseña por la entrada estándar");
  return text;
};

const CTRL_C = "\u0003";
const CTRL_D = "\u0004";
const BACKSPACES = new Set(["\u007f", "\b"]);

/**
 * Asks on the terminal with echo off (raw mode): nothing typed is shown, not even asterisks,
 * so neither the screen nor a recording reveals the length.
 */
export const promptHidden = (question: string, stdin: NodeJS.ReadStream, stderr: Writable): Promise<string> =>
  new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString()) {
        if (ch === "\r" || ch === "\n" || ch === CTRL_D) {
          finish();
          resolve(value);
          return;
        }
        if (ch === CTRL_C) {
          finish();
          reject(new CliError("Operación cancelada", 130));
          return;
        }
        value = BACKSPACES.has(ch) ? [...value].slice(0, -1).join("") : value + ch;
      }
    };
    stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
  });

/**
 * The new password of `courts admin create` / `admin reset-password`: from stdin with
 * --password-stdin (scripts), else asked twice on the terminal. Never echoed, never an argument
 * (arguments end up in shell history and in `ps`).
 */
export const readNewPassword = async (options: { passwordStdin: boolean }, stdin: NodeJS.ReadStream, stderr: Writable): Promise<string> => {
  const password = await readPassword(options, stdin, stderr);
  const weakness = passwordWeakness(password);
  if (weakness !== null) throw new CliError(weakness);
  return password;
};

const readPassword = async (options: { passwordStdin: boolean }, stdin: NodeJS.ReadStream, stderr: Writable): Promise<string> => {
  if (options.passwordStdin) return readPasswordFromStdin(stdin);
  if (!stdin.isTTY)
    throw new CliError("No hay una terminal para pedir la contraseña: pásala por la entrada estándar con --password-stdin");
  const first = await promptHidden("Contraseña: ", stdin, stderr);
  const second = await promptHidden("Repite la contraseña: ", stdin, stderr);
  if (first !== second) throw new CliError("Las contraseñas no coinciden");
  return first;
};
