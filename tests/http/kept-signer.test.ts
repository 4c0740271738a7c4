import { Signer } from "@fastify/cookie";
import { keptSigner } from "@courts/adapters/http/kept-signer";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The session cookie's signatures are checked or made once per cookie, not twice per signed-in
 * request; a cookie that does not carry the server's own signature is refused every time.
 */
describe("kept signer", () => {
  const SECRET = "a-session-secret-of-at-least-32-characters";
  const plain = new Signer(SECRET);
  afterEach(() => vi.restoreAllMocks());

  it("when an id is signed and its cookie read back, then both agree with @fastify/cookie's signer", () => {
    const kept = keptSigner(SECRET);
    const cookie = kept.sign("session-id-1");
    expect(cookie).toBe(plain.sign("session-id-1"));
    expect(kept.unsign(cookie)).toEqual({ valid: true, renew: false, value: "session-id-1" });
    // a cookie made by another process with the same secret, never seen here
    expect(kept.unsign(plain.sign("session-id-2"))).toEqual({ valid: true, renew: false, value: "session-id-2" });
  });

  it("when a cookie is altered or signed with another secret, then it is refused, also right after the true one was read", () => {
    const kept = keptSigner(SECRET);
    const cookie = kept.sign("session-id-1");
    expect(kept.unsign(cookie).valid).toBe(true);
    const dot = cookie.lastIndexOf(".");
    const flipped = cookie.slice(0, -1) + (cookie.endsWith("A") ? "B" : "A");
    for (const forged of [
      flipped,
      `session-id-2${cookie.slice(dot)}`,
      new Signer("another-secret-of-at-least-32-characters!").sign("session-id-1"),
      "session-id-1",
      `${cookie}.`,
    ])
      expect(kept.unsign(forged)).toEqual({ valid: false, renew: false, value: null });
    expect(kept.unsign(cookie).value).toBe("session-id-1");
  });

  it("when a cookie is read again, then no HMAC is computed; a refused one is checked each time; the oldest kept are forgotten first", () => {
    const [cookie, b, c] = ["a", "b", "c"].map((id) => plain.sign(id));
    const checks = vi.spyOn(Signer.prototype, "unsign");
    const signs = vi.spyOn(Signer.prototype, "sign");
    const kept = keptSigner(SECRET, 2);
    expect(checks).toHaveBeenCalledTimes(0);
    kept.unsign(cookie!);
    kept.unsign(cookie!);
    // @fastify/session signs the same id again to rebuild the cookie
    expect(kept.sign("a")).toBe(cookie);
    expect(checks).toHaveBeenCalledTimes(1);
    expect(signs).toHaveBeenCalledTimes(0);

    kept.unsign("a.forged");
    kept.unsign("a.forged");
    expect(checks).toHaveBeenCalledTimes(3);

    kept.unsign(b!);
    kept.unsign(c!);
    expect(checks).toHaveBeenCalledTimes(5);
    kept.unsign(cookie!);
    expect(checks).toHaveBeenCalledTimes(6);
    kept.unsign(c!);
    expect(checks).toHaveBeenCalledTimes(6);
  });

  it("when thousands of cookies are kept, each read from a 16 KB Cookie header, then the headers are not kept with them", () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const kept = keptSigner(SECRET, 2_000);
    const padding = "x".repeat(16_000);
    // made before measuring: the cookies as a client sends them, without the header around them
    const cookies = Array.from({ length: 2_000 }, (_, i) => plain.sign(`session-${i}`));
    gc();
    const before = process.memoryUsage().heapUsed;
    for (const cookie of cookies) {
      // as @fastify/cookie reads it: a slice of the whole header
      const header = `other=${padding}; courts.sid=${cookie}`;
      expect(kept.unsign(header.slice(header.indexOf("courts.sid=") + "courts.sid=".length)).valid).toBe(true);
    }
    gc();
    // the 2,000 cookies and ids alone are well under 1 MB; the headers would be 32 MB
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4 * 1024 * 1024);
    expect(kept.unsign(cookies[1_999]!).value).toBe("session-1999");
  });
});
