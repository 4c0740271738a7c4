import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadScreen } from "./app/router";

/**
 * Starts the app in #root (main.tsx calls it once the server's first paint is on screen).
 * The first screen's chunk and first reads come before the first render: React then replaces the
 * server's first paint, or the empty page, with the screen itself, never with a spinner. The
 * first render is a transition: React renders in slices of a few milliseconds and yields to the
 * browser between them, so a phone's main thread is never blocked for long.
 */
export const boot = (root: HTMLElement) =>
  preloadScreen(window.location.pathname, window.location.search).then(() => {
    const app = createRoot(root);
    startTransition(() =>
      app.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
