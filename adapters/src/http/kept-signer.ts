import { Signer } from "@fastify/cookie";
import { keepNewest } from "@courts/core";

/** Signatures kept per process: a session cookie is 76 characters and its id 32, so under 2 MB at most. */
export const SIGNATURES_KEPT = 4_096;

/**
 * The text alone, in a string of its own: a cookie read from a request is a slice of the whole
 * Cookie header (up to 16 KB), which a kept slice would keep alive.
 */
const own = (text: string): string => Buffer.from(text, "utf8").toString("utf8");

interface Unsigned {
  readonly valid: boolean;
  readonly renew: boolean;
  readonly value: string | null;
}

/**
 * @fastify/cookie's Signer for the session cookie, with the signatures it made or checked kept.
 * @fastify/session computes two HMACs per signed-in request: it checks the cookie's signature,
 * then signs the same id again to rebuild the cookie it may send. A cookie seen before is
 * checked once: only an exact, already verified text is found in the store, so a forged or
 * altered cookie always goes through the HMAC and its constant-time comparison, and is never
 * kept. The oldest entries go first once SIGNATURES_KEPT are kept (a cookie forgotten is checked
 * again when it comes back).
 */
export const keptSigner = (secret: string, kept = SIGNATURES_KEPT) => {
  const signer = new Signer(secret);
  // signed cookie -> its id; a verified cookie is also the one sign() makes for that id
  const verified = new Map<string, string>();
  const signed = new Map<string, string>();
  const remember = (id: string, cookie: string) => {
    const [ownId, ownCookie] = [own(id), own(cookie)];
    // a text UTF-8 cannot carry (a lone surrogate) is not kept: it is checked each time
    if (ownId !== id || ownCookie !== cookie) return;
    keepNewest(verified, ownCookie, ownId, kept);
    keepNewest(signed, ownId, ownCookie, kept);
  };
  return {
    sign(value: string): string {
      const known = signed.get(value);
      if (known !== undefined) return known;
      const cookie = signer.sign(value);
      remember(value, cookie);
      return cookie;
    },
    unsign(signedValue: string): Unsigned {
      const known = verified.get(signedValue);
      if (known !== undefined) return { valid: true, renew: false, value: known };
      const answer = signer.unsign(signedValue) as Unsigned;
      if (answer.valid && answer.value !== null) remember(answer.value, signedValue);
      return answer;
    },
  };
};
