import { Writable } from "node:stream";

/** A stream that keeps every chunk written to it, as text: a server's log lines, a command's output. */
export const captureStream = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, lines, text: () => lines.join("") };
};
