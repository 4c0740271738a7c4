import { useEffect } from "react";
import { pageTitle, useCurrentClubName } from "../config/app";

/** Names the screen in the browser tab and for screen readers announcing navigation. */
export const useTitle = (screen?: string) => {
  const clubName = useCurrentClubName();
  useEffect(() => {
    document.title = pageTitle(screen, clubName);
  }, [screen, clubName]);
};
