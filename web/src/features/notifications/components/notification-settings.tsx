import { useId, useState } from "react";
import { Bell, CalendarSync, Copy, RefreshCw } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { ErrorNotice } from "../../../components/ui/empty-state";
import { controlClass } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { Switch } from "../../../components/ui/switch";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { isPending } from "../../../lib/swr";
import { useConfirmedAction } from "../../../lib/use-confirmed-action";
import { useCalendarFeed } from "../api/get-calendar-feed";
import { useNotificationSettings } from "../api/get-notification-settings";
import { useRegenerateCalendarFeed } from "../api/regenerate-calendar-feed";
import { useUpdateNotificationSettings } from "../api/update-notification-settings";

function Reminders() {
  const settings = useNotificationSettings();
  const { data, error } = settings;
  const [saving, setSaving] = useState(false);
  const { trigger: updateNotificationSettings } = useUpdateNotificationSettings();
  const id = useId();
  if (isPending(settings)) return <Spinner label="Cargando preferencias..." />;
  if (error || !data) return <ErrorNotice>No se pudieron cargar tus preferencias.</ErrorNotice>;
  const change = async (remindersEnabled: boolean) => {
    setSaving(true);
    try {
      await updateNotificationSettings({ remindersEnabled });
      toast({ title: remindersEnabled ? "Recordatorios activados" : "Recordatorios desactivados" });
    } catch (e) {
      toastError("Error", describeError(e, "No se pudo guardar la preferencia"));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="flex items-center gap-2 font-semibold text-stone-900">
          <Bell aria-hidden="true" className="h-4 w-4 text-court-700" /> Recordatorio 24 h antes
        </label>
        <p className="mt-1 text-sm text-stone-600">Te enviamos un correo con el evento para tu calendario un día antes de cada reserva.</p>
      </div>
      <Switch id={id} checked={data.remindersEnabled} disabled={saving} onCheckedChange={(v) => void change(v)} />
    </div>
  );
}

function Feed() {
  const feed = useCalendarFeed();
  const { data, error } = feed;
  const { trigger: regenerateCalendarFeed } = useRegenerateCalendarFeed();
  // the old address stops working in every calendar subscribed to it: asked first, never on one tap
  const renewal = useConfirmedAction((_oldUrl: string) => regenerateCalendarFeed(), {
    done: () => ({ title: "Nueva dirección creada", description: "La anterior dejó de funcionar." }),
    failed: "No se pudo crear una nueva dirección",
  });
  const id = useId();
  if (isPending(feed)) return <Spinner label="Cargando calendario..." />;
  if (error || !data) return <ErrorNotice>No se pudo cargar la dirección de tu calendario.</ErrorNotice>;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data.url);
      toast({ title: "Link copiado", description: "Pégalo en tu aplicación de calendario como suscripción." });
    } catch {
      toastError("Error", "No se pudo copiar el link");
    }
  };
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={id} className="flex items-center gap-2 font-semibold text-stone-900">
          <CalendarSync aria-hidden="true" className="h-4 w-4 text-court-700" /> Tu calendario de reservas
        </label>
        <p className="mt-1 text-sm text-stone-600">
          Suscríbete a esta dirección desde Google Calendar, Apple Calendario u Outlook: tus reservas, y los partidos de
          amigos en los que pagaste tu parte, aparecen solos y los cancelados se quitan. Es privada: quien la tenga ve tus
          partidos.
        </p>
      </div>
      <input id={id} readOnly value={data.url} className={`${controlClass} font-mono text-xs sm:text-xs`} onFocus={(e) => e.currentTarget.select()} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="h-4 w-4" /> Copiar link
        </Button>
        <Button size="sm" variant="outline" onClick={() => renewal.ask(data.url)} disabled={renewal.busy} aria-busy={renewal.busy}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" /> Generar nueva dirección
        </Button>
      </div>
      <ConfirmDialog
        {...renewal.dialog}
        title="¿Generar una nueva dirección?"
        description={
          <>
            <p>
              La dirección actual <strong>dejará de funcionar</strong>: los calendarios suscritos a ella (Google Calendar, Apple
              Calendario, Outlook) ya no recibirán tus reservas.
            </p>
            <p>Después tendrás que suscribirte de nuevo con la dirección nueva en cada calendario donde la uses.</p>
          </>
        }
        cancelLabel="Volver"
        confirmLabel={renewal.busy ? "Creando..." : "Crear dirección nueva"}
      />
    </div>
  );
}

/** The 'Notificaciones' tab of /settings. */
export function NotificationSettingsPanel() {
  return (
    <div className="max-w-xl space-y-4">
      <Card className="p-6">
        <Reminders />
      </Card>
      <Card className="p-6">
        <Feed />
      </Card>
    </div>
  );
}
