import type { ReactNode } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { renderWithProviders } from "./render-app";

/** The router's address, for a test to read where a screen went: its path and its query. */
function Where() {
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="location">{pathname}</output>
      <output data-testid="search">{search}</output>
    </>
  );
}

/**
 * Renders `screen` as the route `route` (such as "/checkout/:bookingId") opened at `path`; any
 * other address renders nothing, and the address is shown for the test (testids "location" and
 * "search"). `cached` and `options` as renderWithProviders takes them.
 */
export const renderRoute = (route: string, screen: ReactNode, path: string, cached?: Readonly<Record<string, unknown>>, options?: { strict?: boolean }) =>
  renderWithProviders(
    <>
      <Routes>
        <Route path={route} element={screen} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    path,
    cached,
    options,
  );
