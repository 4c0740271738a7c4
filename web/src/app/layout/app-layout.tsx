import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { Spinner } from "../../components/ui/spinner";
import { BottomBar } from "./bottom-bar";
import { ScreenErrorBoundary } from "./error-boundary";
import { Footer } from "./footer";
import { TopBar } from "./top-bar";

export function AppLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-court-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:ring-2 focus:ring-ball-400"
      >
        Saltar al contenido
      </a>
      <TopBar />
      {/* at least a screen tall: while a screen's code loads, the footer is not on screen to be pushed down (layout shift) */}
      <main id="contenido" tabIndex={-1} className="flex min-h-dvh flex-1 flex-col pb-20 outline-none md:pb-0">
        <ScreenErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      <Footer />
      <BottomBar />
    </div>
  );
}
