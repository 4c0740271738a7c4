import { useEffect, useRef, useState } from "react";
import { Copy, MessageCircle, Share2 } from "lucide-react";
import { PLAYERS } from "@courts/core";
import { Button, buttonClass } from "../../../components/ui/button";
import { controlClass } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { useCreateSharedLink } from "../api/create-shared-link";
import { LinkLifetime, type ShareLinkProps } from "./link-lifetime";

const SHARE_TEXT = "Únete a la reserva y paga tu parte:";

/** wa.me opens WhatsApp (the app on a phone, WhatsApp Web elsewhere) with the message ready. */
export const whatsappUrl = (url: string) => `https://wa.me/?text=${encodeURIComponent(`${SHARE_TEXT} ${url}`)}`;

/**
 * The share link of a booking, made as soon as it is shown: WhatsApp first (where a group game is
 * arranged), the device's share sheet where there is one, and the link itself with 'Copiar'.
 */
export function ShareLinkPanel({ bookingId, gameType, shareDeadlineAt, timeZone }: ShareLinkProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const asked = useRef(false);
  const { trigger: createSharedLink } = useCreateSharedLink();
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  useEffect(() => {
    // once per screen, also under React's development double effects
    if (asked.current) return;
    asked.current = true;
    createSharedLink({ bookingId, maxParticipants: PLAYERS[gameType] })
      .then((link) => {
        setUrl(new URL(link.shareUrl, window.location.origin).toString());
        setExpiresAt(link.expiresAt);
      })
      .catch((error: unknown) => setFailed(describeError(error, "No se pudo crear el link de pago")));
  }, [bookingId, gameType, createSharedLink]);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copiado", description: "El link de pago se copió al portapapeles" });
    } catch {
      toastError("Error", "No se pudo copiar el link. Selecciónalo y cópialo a mano.");
    }
  };

  const share = async () => {
    if (!url) return;
    try {
      await navigator.share({ title: "Paga tu parte de la reserva", text: SHARE_TEXT, url });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) toastError("Error", "No se pudo compartir el link de pago");
    }
  };

  if (failed) return <p className="text-sm text-red-700">{failed}</p>;
  if (!url) return <p className="text-sm text-stone-600">Creando el link de pago...</p>;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <a
          href={whatsappUrl(url)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("primary", "md", "flex-1 basis-40 bg-[#1f7a4d] hover:bg-[#17603c]")}
        >
          <MessageCircle aria-hidden="true" className="h-4 w-4" /> Enviar por WhatsApp
        </a>
        {canShare && (
          <Button variant="secondary" className="flex-1 basis-40" onClick={() => void share()}>
            <Share2 aria-hidden="true" className="h-4 w-4" /> Compartir
          </Button>
        )}
      </div>
      <div className="flex gap-2">
        <label htmlFor="confirmation-share-url" className="sr-only">
          Link de pago
        </label>
        <input
          id="confirmation-share-url"
          readOnly
          value={url}
          className={`${controlClass} min-w-0 flex-1 text-xs`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="h-4 w-4" /> Copiar
        </Button>
      </div>
      {expiresAt && <LinkLifetime expiresAt={expiresAt} shareDeadlineAt={shareDeadlineAt} timeZone={timeZone} />}
    </div>
  );
}
