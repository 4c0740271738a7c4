import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import type { User } from "../../../types/api";
import { updateProfile } from "../api/session";

/** 'Mi Perfil': email and username, both required. */
export function ProfileForm({ user }: { user: User }) {
  const [email, setEmail] = useState(user.email);
  const [username, setUsername] = useState(user.username);
  const [pending, setPending] = useState(false);
  const [touched, setTouched] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!email.trim() || !username.trim()) return;
    setPending(true);
    try {
      await updateProfile({ email: email.trim(), username: username.trim() });
      toast({ title: "Perfil actualizado", description: "Tus datos se guardaron correctamente" });
    } catch (error) {
      toastError("Error", describeError(error, "No se pudo actualizar el perfil"));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="max-w-lg space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-required="true"
        error={touched && !email.trim() ? "El email es requerido" : undefined}
      />
      <TextField
        label="Usuario"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        aria-required="true"
        error={touched && !username.trim() ? "El usuario es requerido" : undefined}
      />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Guardando..." : "Guardar Cambios"}
      </Button>
    </form>
  );
}
