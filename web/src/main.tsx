import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");

/*
 * The app's code (React, the router, the first screen) is fetched meanwhile (the server names it
 * in modulepreload links) but runs only after the browser has painted the server's first paint of
 * the screen (its headline, a venue's picture): evaluating it first would hold that paint back.
 * A hidden tab paints no frames: the timeout starts it there.
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import("./boot").then(({ boot }) => boot(root));
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
