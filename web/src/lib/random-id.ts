/** A random hex id from the Web Crypto API (works outside secure contexts, unlike randomUUID). */
export const randomId = (bytes = 16): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
