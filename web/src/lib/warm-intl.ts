import { wallClockAt } from "@courts/core";

/**
 * The browser's first Intl.DateTimeFormat loads its date and time zone data: about 20 ms on a
 * phone (80 ms with Lighthouse's 4x slowdown), whatever the zone. The screens that read the
 * club's clock (slot states, the next free hour) would pay it inside their first render, in one
 * long task with the whole screen. Called while such a screen's chunk and data are on their way
 * (router.tsx) or when its code loads, this pays it in a task of its own; later formatters cost
 * about 2 ms. Resolves once it ran.
 */
let warmed: Promise<void> | undefined;
export const warmIntl = (): Promise<void> =>
  (warmed ??= new Promise<void>((resolve) => {
    setTimeout(() => {
      // the same kind of formatter as the club's clock (core's wallClockAt), in a zone every browser has
      wallClockAt(new Date(0), "UTC");
      resolve();
    }, 0);
  }));
