import { useEffect } from "react";
import { pageTitle } from "../config/app";

/** Names the screen in the browser tab and for screen readers announcing navigation. */
export const useTitle = (screen?: string) => {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
};
