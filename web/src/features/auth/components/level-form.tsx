import { useId, useState } from "react";
import { formatLevel, LEVELS } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";
import { Switch } from "../../../components/ui/switch";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import type { User } from "../../../types/api";
import { useUpdateProfile } from "../api/update-profile";

/**
 * 'Nivel de juego' for open matches (1.0 to 7.0 in steps of 0.5) and the opt-in to one mail a day
 * with the new matches of that level. Sent with the profile's email and username as they are.
 */
export function LevelForm({ user }: { user: User }) {
  const [level, setLevel] = useState(user.level == null ? "" : String(user.level));
  const [digest, setDigest] = useState(user.matchDigest ?? false);
  const { trigger: updateProfile, isMutating: pending } = useUpdateProfile();
  const digestId = useId();

  const save = async () => {
    try {
      await updateProfile({ email: user.email, username: user.username, level: level === "" ? null : Number(level), matchDigest: digest });
      toast({ title: "Perfil actualizado", description: level === "" ? "Quitaste tu nivel de juego." : `Tu nivel de juego es ${formatLevel(Number(level))}.` });
    } catch (error) {
      toastError("Error", describeError(error, "No se pudo guardar tu nivel"));
    }
  };

  return (
    <form
      className="space-y-4"
      aria-label="Nivel de juego"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <SelectField
        label="Nivel de juego"
        value={level}
        onChange={(e) => setLevel(e.target.value)}
        hint="De 1.0 (empiezas) a 7.0 (competición). Los partidos abiertos piden un rango de nivel."
      >
        <option value="">Sin nivel</option>
        {LEVELS.map((l) => (
          <option key={l} value={String(l)}>
            {formatLevel(l)}
          </option>
        ))}
      </SelectField>
      <div className="flex items-start justify-between gap-4">
        <label htmlFor={digestId} className="text-sm text-stone-800">
          <span className="font-medium">Partidos nuevos de mi nivel</span>
          <span className="block text-stone-600">Un correo al día con los partidos abiertos de tu nivel.</span>
        </label>
        <Switch id={digestId} checked={digest} onCheckedChange={setDigest} />
      </div>
      <Button type="submit" variant="outline" disabled={pending} aria-busy={pending}>
        {pending ? "Guardando..." : "Guardar nivel"}
      </Button>
    </form>
  );
}
