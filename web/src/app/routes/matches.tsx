import { useSearchParams } from "react-router-dom";
import { UsersRound } from "lucide-react";
import { formatLevel, LEVELS } from "@courts/core";
import { EmptyState, ErrorNotice } from "../../components/ui/empty-state";
import { SelectField, TextField } from "../../components/ui/field";
import { Page, PageHeader } from "../../components/ui/page";
import { Spinner } from "../../components/ui/spinner";
import { useMe } from "../../features/auth/api/get-me";
import { useOpenMatches } from "../../features/matches/api/open-matches";
import { MatchCard } from "../../features/matches/components/match-card";
import { useVenues } from "../../features/venues/api/get-venues";
import { useTitle } from "../../lib/use-title";

/**
 * /partidos: open matches with places left, the soonest first, filtered by venue, date and level
 * (the filters live in the address, so a filtered list can be shared). A signed-in player with a
 * level sees their level's matches first.
 */
export default function MatchesScreen() {
  useTitle("Partidos");
  const [params, setParams] = useSearchParams();
  const { user } = useMe();
  const { data: venues } = useVenues();
  const venueId = params.get("venueId") ?? "";
  const date = params.get("date") ?? "";
  const level = params.get("level") ?? (user?.level != null ? String(user.level) : "");
  const filters = { ...(venueId ? { venueId } : {}), ...(date ? { date } : {}), ...(level ? { level } : {}) };
  const list = useOpenMatches(filters);
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    setParams(next, { replace: true });
  };

  return (
    <Page>
      <PageHeader
        title="Partidos"
        description="Únete a un partido de tu nivel: pagas solo tu parte de la cancha."
        icon={<UsersRound aria-hidden="true" className="h-6 w-6" />}
      />
      <form className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Filtrar partidos" onSubmit={(e) => e.preventDefault()}>
        <SelectField label="Complejo" value={venueId} onChange={(e) => set("venueId", e.target.value)}>
          <option value="">Todos los complejos</option>
          {(venues ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Fecha" type="date" value={date} onChange={(e) => set("date", e.target.value)} />
        <SelectField label="Nivel" value={level} onChange={(e) => set("level", e.target.value)}>
          <option value="">Todos los niveles</option>
          {LEVELS.map((l) => (
            <option key={l} value={String(l)}>
              {formatLevel(l)}
            </option>
          ))}
        </SelectField>
      </form>
      {list.error ? (
        <ErrorNotice>No se pudieron cargar los partidos. Intenta de nuevo más tarde.</ErrorNotice>
      ) : !list.data ? (
        <Spinner label="Buscando partidos..." />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={<UsersRound aria-hidden="true" className="h-6 w-6" />} title="No hay partidos abiertos">
          <p className="max-w-md text-sm text-stone-600">Prueba con otra fecha, otro complejo o todos los niveles. Cuando reserves, puedes abrir tu partido desde Mis Reservas.</p>
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Partidos abiertos">
          {list.data.items.map((m) => (
            <li key={m.id}>
              <MatchCard match={m} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
