import { useSWRConfig, type ScopedMutator, type SWRConfiguration } from "swr";
import useSWRMutation from "swr/mutation";
import { fetcher, isStatus } from "./api-client";

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

/**
 * What a cached answer is about. A read names its topics where its key is built; a write names
 * the topics it changes. Features never import each other, so a cancellation (bookings) reaches
 * the payment lists (payments) through the topic, not through their keys.
 */
export type Topic =
  | "venues"
  | "courts"
  /** what can still be booked: a court's day, a venue's month, its closures */
  | "availability"
  | "bookings"
  | "payments"
  /** the player's wallet: balance and statement */
  | "wallet"
  /** memberships ('Socios'): a venue's plans, the player's memberships and their 'Precio socio' */
  | "memberships"
  /** the player's punch cards ('Bonos') and the ones on sale */
  | "punch-cards"
  /** the admin's day schedule and active blocks */
  | "schedule"
  | "discounts"
  | "share-links"
  | "notification-settings"
  | "calendar-feed"
  | "waitlist"
  /** the desk's search for players, and the walk-ins it adds */
  | "players"
  /** the club's money products (punch cards, membership plans) and their sales */
  | "products"
  /** who is signed in: the session and the admin check */
  | "session"
  | "config";

const topicsOfKey = new Map<string, readonly Topic[]>();

/**
 * A GET key builder: each key it builds is remembered with its topics, so that a write naming
 * one of them revalidates it (whatever its query string).
 */
export const keyFor =
  <P extends unknown[]>(topics: readonly Topic[], build: (...params: P) => string) =>
  (...params: P): string => {
    const key = build(...params);
    if (!topicsOfKey.has(key)) topicsOfKey.set(key, topics);
    return key;
  };

/** Revalidates every cached answer about one of the topics (in the cache `mutate` belongs to). */
export const revalidateTopics = (mutate: ScopedMutator, topics: readonly Topic[]) =>
  mutate((key: unknown) => typeof key === "string" && (topicsOfKey.get(key) ?? []).some((topic) => topics.includes(topic)));

/**
 * After login, logout or register: the session, the admin check and everything scoped to a
 * person are dropped and fetched again, so a second person never sees the first one's data.
 */
export const resetSession = (mutate: ScopedMutator) =>
  mutate((key: unknown) => typeof key === "string" && !isConfig(key), undefined, {
    revalidate: true,
  });

/** The server's settings: the same for every person, kept through sign-in and sign-out. */
const isConfig = (key: string): boolean => (topicsOfKey.get(key) ?? []).includes("config");

/** Answers that are the same for everyone: a guest reads them too. */
const PUBLIC_TOPICS: readonly Topic[] = ["venues", "courts", "availability", "config"];

/** An answer about the person signed in (bookings, payments, links, settings, the admin's lists). */
const isPersonal = (key: unknown): boolean => {
  const topics = typeof key === "string" ? topicsOfKey.get(key) : undefined;
  return topics !== undefined && topics.every((topic) => topic !== "session" && !PUBLIC_TOPICS.includes(topic));
};

/**
 * After logout: the person's answers are dropped without asking again (the server would answer
 * 401 to the screen being left, and the next person's screens read them when they mount); the
 * session and the public answers are fetched again.
 */
export const endSession = async (mutate: ScopedMutator) => {
  await mutate(isPersonal, undefined, { revalidate: false });
  await mutate((key: unknown) => typeof key === "string" && !isPersonal(key) && !isConfig(key), undefined, { revalidate: true });
};

/** What a write changed: topics to revalidate, or the whole session (sign in, sign out, profile). */
export type Changes = readonly Topic[] | "session";

/**
 * A write as an SWR mutation hook: `trigger(arg)` sends it and, once the server accepted it,
 * revalidates what it changed before resolving, so the caller's next screen reads fresh data.
 * A refusal that says the data moved on (404 gone, 409 no longer so: a hold that expired while
 * the screen was open) revalidates the same answers, so the screen stops showing what is no
 * longer true. Errors reach the caller (`trigger` rejects), which decides what a person sees.
 */
export function useWrite<Arg, Data>(name: string, write: (arg: Arg) => Promise<Data>, changes: Changes) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Data, Error, readonly [string, string], Arg>(["write", name], async (_key, { arg }) => {
    let answer: Data;
    try {
      answer = await write(arg);
    } catch (error) {
      if (changes !== "session" && isStatus(error, 404, 409)) await revalidateTopics(mutate, changes);
      throw error;
    }
    await (changes === "session" ? resetSession(mutate) : revalidateTopics(mutate, changes));
    return answer;
  });
}

/**
 * Whether a read has neither its answer nor an error yet: what a screen shows a loading state
 * for. Not SWR's own `isLoading`: on a hook's first render that is true whenever the hook will
 * revalidate on mount, even with the answer already in the cache (preloadScreen puts it there),
 * so a screen read it, rendered its spinner first, and then React forced a second, synchronous
 * render of the whole screen when the mount's revalidation ended (a long task of ~300 ms on a
 * phone's CPU on the booking screen).
 */
export const isPending = (read: { readonly data?: unknown; readonly error?: unknown }): boolean => read.data === undefined && read.error === undefined;

/** Revalidates the topics' answers now, outside a write (a refusal that says the data moved on). */
export const useRevalidate = () => {
  const { mutate } = useSWRConfig();
  return (...topics: Topic[]) => revalidateTopics(mutate, topics);
};
