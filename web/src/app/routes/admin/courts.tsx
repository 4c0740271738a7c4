import { useCallback, useMemo, useState } from "react";
import { CalendarClock, ImagePlus, MapPin, Pencil, Plus, Trash } from "lucide-react";
import { courtStatusText, isAvailable } from "@courts/core";
import fallbackImage from "../../../assets/court-fallback.svg";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { AppDialog, ConfirmDialog } from "../../../components/ui/dialog";
import { EmptyState, ErrorNotice } from "../../../components/ui/empty-state";
import { SelectField } from "../../../components/ui/field";
import { FileButton } from "../../../components/ui/file-button";
import { SmartImage } from "../../../components/ui/smart-image";
import { Spinner } from "../../../components/ui/spinner";
import { toastError } from "../../../components/ui/toast";
import { useDeleteCourt } from "../../../features/venues/api/delete-court";
import { useCourts } from "../../../features/venues/api/get-courts";
import { useSetCourtImage } from "../../../features/venues/api/set-court-image";
import { IMAGE_ACCEPT } from "../../../features/venues/api/upload-image";
import { useDeleteVenue } from "../../../features/venues/api/delete-venue";
import { useVenues } from "../../../features/venues/api/get-venues";
import { useSetVenueImage } from "../../../features/venues/api/set-venue-image";
import { CourtForm } from "../../../features/venues/components/court-form";
import { useImageUpload } from "../../../features/venues/components/use-image-upload";
import { VenueForm } from "../../../features/venues/components/venue-form";
import { VenueRulesForm } from "../../../features/venues/components/venue-rules-form";
import { imageSrc } from "../../../lib/image-src";
import { money } from "../../../lib/format";
import { isPending } from "../../../lib/swr";
import { useConfirmedAction } from "../../../lib/use-confirmed-action";
import type { Court, Venue } from "../../../types/api";
import { AdminShell } from "../../layout/admin-shell";

/** The confirmation of a deletion that takes what hangs from it along (SPEC.md's admin texts). */
function RemovalDialog({
  removal,
  title,
  alsoRemoved,
}: {
  removal: Pick<ReturnType<typeof useConfirmedAction<{ readonly name: string }>>, "dialog" | "busy"> & { readonly target: { readonly name: string } | null };
  title: string;
  alsoRemoved: string;
}) {
  return (
    <ConfirmDialog
      {...removal.dialog}
      title={title}
      description={
        <>
          <p>
            Se eliminará <strong>{removal.target?.name}</strong> y también {alsoRemoved}.
          </p>
          <p>Esta acción no se puede deshacer.</p>
        </>
      }
      confirmLabel={removal.busy ? "Eliminando..." : "Eliminar"}
    />
  );
}

function VenuesSection({ venues, courts }: { venues: readonly Venue[]; courts: readonly Court[] }) {
  const { trigger: deleteVenue } = useDeleteVenue();
  const { trigger: setVenueImage } = useSetVenueImage();
  const [rulesOf, setRulesOf] = useState<Venue | null>(null);
  const removal = useConfirmedAction((venue: Venue) => deleteVenue(venue.id), {
    done: (venue) => ({ title: "Venue eliminado", description: `${venue.name} y sus canchas fueron eliminados` }),
    failed: "No se pudo eliminar el venue",
  });
  const { upload, pending: uploading } = useImageUpload();

  return (
    <section aria-labelledby="venues" className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle id="venues">Nuevo Venue</CardTitle>
          <CardDescription>Agrega un complejo deportivo.</CardDescription>
        </CardHeader>
        <CardContent>
          <VenueForm />
        </CardContent>
      </Card>
      <div>
        <h2 className="mb-3 text-lg font-bold text-stone-900">Venues ({venues.length})</h2>
        {venues.length === 0 ? (
          <EmptyState title="Aún no hay venues" />
        ) : (
          <ul className="space-y-3">
            {venues.map((venue) => {
              const count = courts.filter((c) => c.venueId === venue.id).length;
              return (
                <li key={venue.id}>
                  <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
                    <SmartImage
                      src={imageSrc(venue)}
                      alt={venue.name}
                      className="h-20 w-full rounded-xl object-cover sm:w-32"
                      fallback={<img src={fallbackImage} alt="" className="h-20 w-full rounded-xl object-cover sm:w-32" />}
                    />
                    <div className="min-w-0 flex-1">
                      {/* a name or address without spaces wraps anywhere rather than widen the page on a phone */}
                      <p className="font-bold text-stone-900 [overflow-wrap:anywhere]">{venue.name}</p>
                      <p className="flex items-center gap-1 text-sm text-stone-600 [overflow-wrap:anywhere]">
                        <MapPin aria-hidden="true" className="h-3.5 w-3.5 shrink-0" /> <span className="min-w-0">{venue.location}</span>
                      </p>
                      <p className="text-xs text-stone-500">
                        {count} {count === 1 ? "cancha" : "canchas"}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <FileButton
                        accept={IMAGE_ACCEPT}
                        disabled={uploading}
                        label={`Cambiar imagen de ${venue.name}`}
                        onFile={(file) => void upload(file, (imageData) => setVenueImage({ id: venue.id, imageData }))}
                      >
                        <ImagePlus aria-hidden="true" className="h-4 w-4" /> Imagen
                      </FileButton>
                      <Button variant="outline" size="sm" onClick={() => setRulesOf(venue)} aria-label={`Reglas de reserva de ${venue.name}`}>
                        <CalendarClock aria-hidden="true" className="h-4 w-4" /> Reglas
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => removal.ask(venue)} aria-label={`Eliminar ${venue.name}`}>
                        <Trash aria-hidden="true" className="h-4 w-4 text-red-600" /> Eliminar
                      </Button>
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <AppDialog
        open={rulesOf !== null}
        onOpenChange={(open) => !open && setRulesOf(null)}
        title="Reglas de reserva"
        description={rulesOf ? `${rulesOf.name}: cuándo se abre cada día y cuántas reservas puede tener cada jugador. Los administradores no tienen estos límites.` : undefined}
        className="sm:max-w-2xl"
      >
        {rulesOf !== null && <VenueRulesForm key={rulesOf.id} venueId={rulesOf.id} onSaved={() => setRulesOf(null)} />}
      </AppDialog>
      <RemovalDialog removal={removal} title="Eliminar Venue?" alsoRemoved="todas sus canchas" />
    </section>
  );
}

function CourtImagePanel({ courts, venues }: { courts: readonly Court[]; venues: readonly Venue[] }) {
  const [courtId, setCourtId] = useState("");
  const { upload, pending } = useImageUpload();
  const { trigger: setCourtImage } = useSetCourtImage();
  const venueName = (id: string) => venues.find((v) => v.id === id)?.name ?? "";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Imagen de Cancha</CardTitle>
        <CardDescription>JPG, PNG o WebP, máximo 10MB.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField label="Cancha" value={courtId} onChange={(e) => setCourtId(e.target.value)} className="flex-1">
          <option value="">Selecciona una cancha</option>
          {courts.map((c) => (
            <option key={c.id} value={c.id}>
              #{c.courtNumber} {c.name} · {venueName(c.venueId)}
            </option>
          ))}
        </SelectField>
        <FileButton
          accept={IMAGE_ACCEPT}
          disabled={pending}
          variant="primary"
          label="Subir imagen de la cancha"
          onFile={(file) => {
            if (!courtId) {
              toastError("Error", "Por favor selecciona una cancha primero");
              return;
            }
            void upload(file, (imageData) => setCourtImage({ id: courtId, imageData }));
          }}
        >
          <ImagePlus aria-hidden="true" className="h-4 w-4" /> {pending ? "Subiendo..." : "Subir Imagen"}
        </FileButton>
      </CardContent>
    </Card>
  );
}

function CourtsSection({ courts, venues }: { courts: readonly Court[]; venues: readonly Venue[] }) {
  const [venueFilter, setVenueFilter] = useState("");
  const [editing, setEditing] = useState<Court | "new" | null>(null);
  const { trigger: deleteCourt } = useDeleteCourt();
  const removal = useConfirmedAction((court: Court) => deleteCourt(court.id), {
    done: (court) => ({ title: "Cancha eliminada", description: `${court.name} fue eliminada` }),
    failed: "No se pudo eliminar la cancha",
  });
  const names = useMemo(() => new Map(venues.map((v) => [v.id, v.name])), [venues]);
  const venueName = useCallback((id: string) => names.get(id) ?? "Sin complejo", [names]);
  // each club's courts together, in their numbers' order (by number alone, the clubs' courts
  // interleaved); a court whose club is not in the list sorts by the name it is shown with
  const shown = useMemo(
    () =>
      courts
        .filter((c) => !venueFilter || c.venueId === venueFilter)
        .sort((a, b) => venueName(a.venueId).localeCompare(venueName(b.venueId), "es") || a.courtNumber - b.courtNumber),
    [courts, venueName, venueFilter],
  );

  return (
    <section aria-labelledby="courts-title" className="mt-12 space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="courts-title" className="text-lg font-bold text-stone-900">
          Canchas ({shown.length})
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SelectField label="Filtrar por complejo" value={venueFilter} onChange={(e) => setVenueFilter(e.target.value)}>
            <option value="">Todos los complejos</option>
            {venues.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </SelectField>
          <Button onClick={() => setEditing("new")} disabled={venues.length === 0}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Nueva Cancha
          </Button>
        </div>
      </div>

      <CourtImagePanel courts={courts} venues={venues} />

      {shown.length === 0 ? (
        <EmptyState title="No hay canchas" />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((court) => (
            <li key={court.id}>
              <Card className="flex h-full flex-col overflow-hidden">
                <div className="flex gap-4 p-4">
                  <SmartImage
                    src={imageSrc(court)}
                    alt=""
                    className="h-20 w-20 shrink-0 rounded-xl object-cover"
                    fallback={
                      <div className="flex h-20 w-20 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-clay-500 to-clay-700 text-3xl font-black text-white">
                        {court.courtNumber}
                      </div>
                    }
                  />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-bold text-stone-900">
                      {court.name} <span className="font-medium text-stone-500">#{court.courtNumber}</span>
                    </p>
                    <p className="truncate text-sm text-stone-600">{venueName(court.venueId)}</p>
                    <Badge tone={isAvailable(court) ? "green" : "amber"} className="mt-1">
                      {courtStatusText(court)}
                    </Badge>
                  </div>
                </div>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 border-t border-stone-100 px-4 py-3 text-xs">
                  <div className="flex justify-between"><dt className="text-stone-600">Día singles</dt><dd className="font-semibold">{money(court.daySinglesPrice)}</dd></div>
                  <div className="flex justify-between"><dt className="text-stone-600">Día dobles</dt><dd className="font-semibold">{money(court.dayDoublesPrice)}</dd></div>
                  <div className="flex justify-between"><dt className="text-stone-600">Noche singles</dt><dd className="font-semibold">{money(court.nightSinglesPrice)}</dd></div>
                  <div className="flex justify-between"><dt className="text-stone-600">Noche dobles</dt><dd className="font-semibold">{money(court.nightDoublesPrice)}</dd></div>
                </dl>
                <div className="mt-auto flex gap-2 border-t border-stone-100 p-3">
                  <Button variant="outline" size="sm" className="flex-1" onClick={() => setEditing(court)} aria-label={`Editar ${court.name}`}>
                    <Pencil aria-hidden="true" className="h-4 w-4" /> Editar
                  </Button>
                  <Button variant="outline" size="sm" className="flex-1" onClick={() => removal.ask(court)} aria-label={`Eliminar ${court.name}`}>
                    <Trash aria-hidden="true" className="h-4 w-4 text-red-600" /> Eliminar
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <AppDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === "new" ? "Nueva Cancha" : "Editar Cancha"}
      >
        {editing !== null && (
          <CourtForm
            key={editing === "new" ? "new" : editing.id}
            venues={venues}
            {...(editing === "new" ? { defaultVenueId: venueFilter } : { court: editing })}
            onDone={() => setEditing(null)}
          />
        )}
      </AppDialog>

      <RemovalDialog removal={removal} title="Eliminar Cancha?" alsoRemoved="todas sus reservas" />
    </section>
  );
}

function Manager() {
  const venues = useVenues();
  const courts = useCourts();
  if (isPending(venues) || isPending(courts)) return <Spinner label="Cargando venues y canchas..." />;
  if (venues.error || courts.error) return <ErrorNotice>No se pudieron cargar los venues y canchas.</ErrorNotice>;
  const v = venues.data ?? [];
  const c = courts.data ?? [];
  return (
    <>
      <VenuesSection venues={v} courts={c} />
      <CourtsSection venues={v} courts={c} />
    </>
  );
}

export default function AdminCourtsScreen() {
  return (
    <AdminShell title="Gestión de Canchas" description="Venues, canchas, precios e imágenes.">
      <Manager />
    </AdminShell>
  );
}
