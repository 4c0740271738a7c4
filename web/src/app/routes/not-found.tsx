import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Page } from "../../components/ui/page";
import { useTitle } from "../../lib/use-title";

export default function NotFoundScreen() {
  useTitle("404 Page Not Found");
  return (
    <Page narrow className="flex flex-1 flex-col items-center justify-center py-20 text-center">
      <p aria-hidden="true" className="text-8xl font-black tracking-tight text-court-700">
        404
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-stone-900">404 Page Not Found</h1>
      <p className="mt-3 text-stone-600">La página que buscas no existe o fue movida.</p>
      <Button asChild className="mt-8">
        <Link to="/">Volver al inicio</Link>
      </Button>
    </Page>
  );
}
