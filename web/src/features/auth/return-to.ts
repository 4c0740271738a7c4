/**
 * Where to go after logging in or registering: back to the screen that asked for it (a court's
 * booking, a checkout), else /user-dashboard as SPEC.md says. Only a path of this site is
 * followed, never another origin ('//evil.example' or 'https://...').
 */
export const DEFAULT_AFTER_LOGIN = "/user-dashboard";
export const RETURN_PARAM = "next";

export const safeReturnPath = (value: string | null | undefined): string | null => {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // the login and register screens themselves would loop
  if (/^\/(login|register)(\/|\?|$)/.test(value)) return null;
  return value;
};

export const returnPathOf = (search: string): string => safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? DEFAULT_AFTER_LOGIN;

/** '/login?next=/booking/abc' for a guest on /booking/abc. */
export const withReturn = (screen: "/login" | "/register", from: string | null): string => {
  const path = safeReturnPath(from);
  return path && path !== DEFAULT_AFTER_LOGIN ? `${screen}?${RETURN_PARAM}=${encodeURIComponent(path)}` : screen;
};
