import { mutate, type SWRConfiguration } from "swr";
import { fetcher } from "./api-client";

/**
 * SPEC.md section 7: data never goes stale, no refetch on focus or reconnect, no polling, no
 * retries. Fresh data comes only from an explicit `mutate` after a mutation. The deduping
 * window stays under setTimeout's 2^31 ms ceiling (a larger value would fire at once).
 */
export const swrConfig: SWRConfiguration = {
  fetcher,
  dedupingInterval: 24 * 60 * 60 * 1000,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  refreshInterval: 0,
  errorRetryCount: 0,
  focusThrottleInterval: 24 * 60 * 60 * 1000,
};

const startsWithAny = (prefixes: readonly string[]) => (key: unknown) =>
  typeof key === "string" && prefixes.some((prefix) => key.startsWith(prefix));

/** Revalidates every cached GET whose path starts with one of the prefixes. */
export const revalidate = (...prefixes: string[]) => mutate(startsWithAny(prefixes));

/**
 * After login, logout or register: the session, the admin check and everything scoped to a
 * person are dropped and fetched again, so a second person never sees the first one's data.
 */
export const resetSessionData = () =>
  mutate((key: unknown) => typeof key === "string" && !key.startsWith("/api/config"), undefined, {
    revalidate: true,
  });
