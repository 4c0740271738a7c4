import type { ReactNode } from "react";
import { BrowserRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { ToastHost } from "../components/ui/toast";
import { swrConfig } from "../lib/swr";

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      <BrowserRouter>
        {children}
        <ToastHost />
      </BrowserRouter>
    </SWRConfig>
  );
}
