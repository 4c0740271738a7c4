import { useId, useState, type FormEvent } from "react";
import { WalkInBody } from "@courts/core";
import { UserPlus, UserRound } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { clearToasts, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { useCheckedForm } from "../../../lib/use-checked-form";
import { useDebounced } from "../../../lib/use-debounced";
import type { User } from "../../../types/api";
import { useCreateWalkIn } from "../api/create-walk-in";
import { PLAYER_SEARCH_MIN, usePlayerSearch } from "../api/search-players";

/** How long the typing pauses before the search asks the server. */
const SEARCH_DELAY_MS = 250;

/** How the desk names a player: the full name when they gave one (DESIGN.md section 13). */
export const playerName = (player: Pick<User, "fullName" | "username">): string => player.fullName ?? player.username;

/** What tells two players of the same name apart: the username, the phone and the email (a walk-in may lack both). */
const playerDetails = (player: User): string => [`@${player.username}`, player.phone, player.email].filter(Boolean).join(" · ");

/** What a search text that found nobody already says of the new player: an email, a phone or a name. */
const guessFromSearch = (typed: string): { fullName: string; phone: string; email: string } => {
  const text = typed.trim();
  if (text.includes("@")) return { fullName: "", phone: "", email: text };
  if (/^[+\d\s().-]+$/.test(text) && text.replace(/\D/g, "").length >= 3) return { fullName: "", phone: text, email: "" };
  return { fullName: text, phone: "", email: "" };
};

function SelectedPlayer({ player, onChange }: { player: User; onChange: () => void }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-court-200 bg-court-50 p-3">
      <UserRound aria-hidden="true" className="h-5 w-5 shrink-0 text-court-700" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium text-court-800">Jugador</p>
        <p className="truncate font-semibold text-stone-900">{playerName(player)}</p>
        <p className="break-words text-sm text-stone-600">{playerDetails(player)}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onChange}>
        Cambiar
      </Button>
    </div>
  );
}

function PlayerSearch({ query, onQuery, onPick, onNew, autoFocus }: { query: string; onQuery: (q: string) => void; onPick: (player: User) => void; onNew: () => void; autoFocus: boolean }) {
  const searched = useDebounced(query, SEARCH_DELAY_MS);
  const { players, error, isSearching } = usePlayerSearch(searched);
  const resultsId = useId();
  const short = query.trim().length < PLAYER_SEARCH_MIN;
  const shown = short ? undefined : players;
  const status = short
    ? null
    : error
      ? `No se pudo buscar: ${describeError(error, "inténtalo de nuevo")}`
      : shown === undefined
        ? "Buscando..."
        : shown.length === 0 && !isSearching && searched.trim() === query.trim()
          ? `Nadie coincide con «${query.trim()}».`
          : null;
  return (
    <div className="space-y-3">
      <TextField
          label="Buscar jugador"
          type="search"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={(e) => {
            // one match: Enter takes it, as a click would
            if (e.key === "Enter" && shown?.length === 1) onPick(shown[0]!);
          }}
          hint={`Nombre, usuario, correo o teléfono: al menos ${PLAYER_SEARCH_MIN} caracteres.`}
          autoComplete="off"
          aria-controls={shown && shown.length > 0 ? resultsId : undefined}
          autoFocus={autoFocus}
        />
      <p role="status" className={status ? "text-sm text-stone-600" : "sr-only"}>
        {status ?? (shown ? `${shown.length} ${shown.length === 1 ? "jugador encontrado" : "jugadores encontrados"}` : "")}
      </p>
      {shown && shown.length > 0 && (
        <ul id={resultsId} aria-label="Jugadores encontrados" className="max-h-64 divide-y divide-stone-100 overflow-y-auto rounded-xl border border-stone-200">
          {shown.map((player) => (
            <li key={player.id}>
              <button
                type="button"
                onClick={() => onPick(player)}
                className="block w-full px-3.5 py-2.5 text-left hover:bg-court-50 focus-visible:bg-court-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ball-400"
              >
                <span className="block truncate font-semibold text-stone-900">{playerName(player)}</span>
                <span className="block break-words text-sm text-stone-600">{playerDetails(player)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" className="w-full" onClick={onNew}>
        <UserPlus aria-hidden="true" className="h-4 w-4" /> Nuevo jugador
      </Button>
    </div>
  );
}

const WALK_IN_LABELS = { fullName: "Nombre completo", phone: "Teléfono", email: "Correo" };

/** A player who came to the desk without an account: name, and a phone or email to reach them. */
function WalkInForm({ typed, onCreated, onCancel }: { typed: string; onCreated: (player: User) => void; onCancel: () => void }) {
  const form = useCheckedForm(WalkInBody, guessFromSearch(typed), WALK_IN_LABELS, { optional: ["phone", "email"] });
  const { trigger: createWalkIn, isMutating: pending } = useCreateWalkIn();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearToasts();
    const player = form.submitted();
    if (!player) return;
    try {
      onCreated(await createWalkIn(player));
    } catch (error) {
      if (!form.refused(error, { codes: { EMAIL_TAKEN: "email" } })) toastError("Error", describeError(error, "No se pudo registrar al jugador"));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="walk-in-title" className="space-y-4 rounded-xl border border-stone-200 p-4">
      <h3 id="walk-in-title" className="flex items-center gap-2 font-bold text-stone-900">
        <UserPlus aria-hidden="true" className="h-4 w-4 text-court-700" /> Nuevo jugador
      </h3>
      <TextField label="Nombre completo" autoComplete="off" autoFocus {...form.field("fullName")} />
      <TextField label="Teléfono (opcional)" type="tel" autoComplete="off" placeholder="099 123 4567" {...form.field("phone")} />
      <TextField
        label="Correo (opcional)"
        type="email"
        autoComplete="off"
        hint="Con un correo, el jugador podrá activar su cuenta desde '¿Olvidaste tu contraseña?'."
        {...form.field("email")}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Volver a buscar
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? "Guardando..." : "Crear jugador"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Who the desk books for: a search as you type (name, username, email or phone), or a new player
 * made on the spot (a walk-in); the one chosen shows with 'Cambiar'.
 */
export function PlayerPicker({ selected, onSelect }: { selected: User | null; onSelect: (player: User | null) => void }) {
  const [mode, setMode] = useState<"search" | "new">("search");
  const [query, setQuery] = useState("");
  // back from a chosen player or the new player's form: the search keeps its text and the cursor
  const [returned, setReturned] = useState(false);
  if (selected)
    return (
      <SelectedPlayer
        player={selected}
        onChange={() => {
          setReturned(true);
          onSelect(null);
        }}
      />
    );
  if (mode === "new")
    return (
      <WalkInForm
        typed={query}
        onCreated={(player) => {
          setMode("search");
          onSelect(player);
        }}
        onCancel={() => {
          setReturned(true);
          setMode("search");
        }}
      />
    );
  return <PlayerSearch query={query} onQuery={setQuery} onPick={onSelect} onNew={() => setMode("new")} autoFocus={returned} />;
}
