import { createHash } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import net from "node:net";
import { median } from "./median.js";

/**
 * How fast this machine is right now, measured in a few seconds with nothing else running, so that
 * a run's figures can be read against the hour they were taken in (docs/PERFORMANCE.md: the same
 * code gives create booking 0.11-0.26 of the bare route from one hour to the next).
 * - `syscallUs`: one read of a byte from /dev/zero, Node's binding included: what a system call
 *   costs (every answer makes at least a read and a writev).
 * - `sha256MBps`: SHA-256 over 64 MiB: the CPU's own speed, without the kernel.
 * - `loopbackUs`: one byte sent over a loopback TCP connection and echoed back, in one process:
 *   the kernel's network path and the event loop's wake-ups, what separates autocannon from the server.
 */
export interface MachineState {
  readonly syscallUs: number;
  readonly sha256MBps: number;
  readonly loopbackUs: number;
}

const syscallUs = (): number => {
  const fd = openSync("/dev/zero", "r");
  const byte = Buffer.alloc(1);
  const calls = 100_000;
  try {
    const started = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) readSync(fd, byte, 0, 1, null);
    return Number(process.hrtime.bigint() - started) / 1e3 / calls;
  } finally {
    closeSync(fd);
  }
};

const sha256MBps = (): number => {
  const block = Buffer.alloc(1 << 20, 7);
  const blocks = 64;
  const started = performance.now();
  for (let i = 0; i < blocks; i++) createHash("sha256").update(block).digest();
  return blocks / ((performance.now() - started) / 1000);
};

const loopbackUs = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const trips = 20_000;
    const echo = net.createServer((socket) => socket.on("data", (data) => socket.write(data)));
    echo.on("error", reject);
    echo.listen(0, "127.0.0.1", () => {
      const { port } = echo.address() as net.AddressInfo;
      const client = net.connect(port, "127.0.0.1");
      client.setNoDelay(true);
      client.on("error", reject);
      client.on("connect", () => {
        let done = 0;
        const started = process.hrtime.bigint();
        client.on("data", () => {
          if (++done < trips) return void client.write("x");
          const us = Number(process.hrtime.bigint() - started) / 1e3 / trips;
          client.destroy();
          echo.close(() => resolve(us));
        });
        client.write("x");
      });
    });
  });

/** Each measure three times, medians: about 3 s. */
export const machineState = async (): Promise<MachineState> => {
  const calls: number[] = [];
  const hashes: number[] = [];
  const trips: number[] = [];
  for (let i = 0; i < 3; i++) {
    calls.push(syscallUs());
    hashes.push(sha256MBps());
    trips.push(await loopbackUs());
  }
  return { syscallUs: median(calls), sha256MBps: median(hashes), loopbackUs: median(trips) };
};

export const describeMachine = (state: MachineState): string =>
  `a system call ${state.syscallUs.toFixed(2)} us, SHA-256 ${state.sha256MBps.toFixed(0)} MB/s, a loopback round trip ${state.loopbackUs.toFixed(1)} us`;
