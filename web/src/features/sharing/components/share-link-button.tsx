import { useState } from "react";
import { Share2 } from "lucide-react";
import { PLAYERS } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { controlClass } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { useCreateSharedLink } from "../api/create-shared-link";
import { LinkLifetime, type ShareLinkProps } from "./link-lifetime";

/**
 * 'Compartir Link de Pago': creates the link (2 participants singles, 4 doubles) and opens the
 * device's share sheet, or copies it to the clipboard where there is none.
 */
export function ShareLinkButton({ bookingId, gameType, shareDeadlineAt, timeZone }: ShareLinkProps) {
  const [pending, setPending] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const { trigger: createSharedLink } = useCreateSharedLink();

  const share = async () => {
    setPending(true);
    try {
      const link = await createSharedLink({ bookingId, maxParticipants: PLAYERS[gameType] });
      const shareUrl = new URL(link.shareUrl, window.location.origin).toString();
      setUrl(shareUrl);
      setExpiresAt(link.expiresAt);
      if (typeof navigator.share === "function") {
        try {
          await navigator.share({ title: "Paga tu parte de la reserva", text: "Únete a la reserva y paga tu parte:", url: shareUrl });
        } catch (error) {
          if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
        }
      } else {
        await navigator.clipboard.writeText(shareUrl);
        toast({ title: "Link copiado", description: "El link de pago se copió al portapapeles" });
      }
    } catch (error) {
      toastError("Error", describeError(error, "No se pudo compartir el link de pago"));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-2">
      <Button variant="secondary" className="w-full" onClick={() => void share()} disabled={pending} aria-busy={pending}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Compartir Link de Pago
      </Button>
      {url && (
        <div>
          <label htmlFor="share-url" className="sr-only">
            Link de pago
          </label>
          <input id="share-url" readOnly value={url} className={`${controlClass} text-xs`} onFocus={(e) => e.currentTarget.select()} />
          {expiresAt && (
            <div className="mt-1">
              <LinkLifetime expiresAt={expiresAt} shareDeadlineAt={shareDeadlineAt} timeZone={timeZone} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
