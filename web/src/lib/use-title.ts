import { useEffect } from "react";
import { pageTitle } from "../config/app";
import { useClubName } from "../features/config/api/get-config";

/** Names the screen in the browser tab and for screen readers announcing navigation. */
export const useTitle = (screen?: string) => {
  const clubName = useClubName();
  useEffect(() => {
    document.title = pageTitle(screen, clubName);
  }, [screen, clubName]);
};
