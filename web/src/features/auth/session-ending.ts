/**
 * Set while a logout moves to its destination: the screen being left must not run its own
 * guest redirect (to /login or /admin/login) when the session turns empty under it, because
 * route changes are transitions and the guard's redirect would win over the logout's.
 */
let ending = false;

export const isSessionEnding = () => ending;
export const setSessionEnding = (value: boolean) => {
  ending = value;
};
