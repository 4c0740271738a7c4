import { createHash, randomBytes, randomFillSync } from "node:crypto";
import type { Ids } from "@courts/core";

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const bytes = new Uint8Array(16);
/** Random bytes drawn 4 KiB at a time (one system call for 409 ids), as node's randomUUID keeps its own. */
const pool = new Uint8Array(4096);
let used = pool.length;

/**
 * A UUID version 7 (RFC 9562): the first 48 bits are the Unix time in milliseconds, the rest
 * (but the version and variant bits) random, 74 bits of them. Ids made later sort after, so a new
 * row's id lands at the end of its primary key's index instead of on a random page of it: a
 * booking written dirties one page there, not one more page anywhere (`npm run bench`, create
 * booking). Ids are never secrets; tokens are (below).
 */
export const uuidV7 = (now: number = Date.now()): string => {
  if (used + 10 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  bytes.set(pool.subarray(used, used + 10), 6);
  used += 10;
  let time = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = Array.from(bytes, (b) => HEX[b]!).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** UUID v7 ids; tokens of 32 random bytes (256 bits) in base64url. */
export const cryptoIds: Ids = {
  uuid: () => uuidV7(),
  token: () => randomBytes(32).toString("base64url"),
  tokenHash: (token) => createHash("sha256").update(token).digest("hex"),
};
