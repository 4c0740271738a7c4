/** What the account forms share: where the server's refusals belong, and how a phone may be typed. */

/** Refusals about one field that the server names by code, not by `field`. */
export const ACCOUNT_REFUSALS = { codes: { USERNAME_TAKEN: "username", EMAIL_TAKEN: "email" } } as const;

/** The club's numbers need no country code; another country's do (PHONE_REGION on the server). */
export const PHONE_HINT = "Por ejemplo 099 123 4567, o con el código de país: +34 612 345 678.";

/** How the app greets a person: the first word of the full name they gave ('María José Peña' -> 'María'), else the username. */
export const greetingName = (user: { readonly fullName: string | null; readonly username: string }): string =>
  user.fullName?.trim().split(/\s+/)[0] || user.username;
