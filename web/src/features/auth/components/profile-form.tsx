import { useState, type FormEvent } from "react";
import { ProfileBody } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { clearToasts, toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { checkRequest } from "../../../lib/request-schema";
import type { User } from "../../../types/api";
import { useUpdateProfile } from "../api/update-profile";

/** 'Mi Perfil': email and username, checked by the request schema the server decodes with. */
export function ProfileForm({ user }: { user: User }) {
  const [email, setEmail] = useState(user.email);
  const [username, setUsername] = useState(user.username);
  const [touched, setTouched] = useState(false);
  const { trigger: updateProfile, isMutating: pending } = useUpdateProfile();
  const checked = checkRequest(ProfileBody, { email, username }, { email: "Email", username: "Usuario" });
  const problem = (field: "email" | "username") => (touched && !checked.ok ? checked.problems[field] : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    // the last attempt's answer ('El nombre de usuario ya está en uso') says nothing of this one
    clearToasts();
    if (!checked.ok) return;
    try {
      await updateProfile(checked.value);
      toast({ title: "Perfil actualizado", description: "Tus datos se guardaron correctamente" });
    } catch (error) {
      toastError("Error", describeError(error, "No se pudo actualizar el perfil"));
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
        error={problem("email")}
      />
      <TextField
        label="Usuario"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        aria-required="true"
        error={problem("username")}
      />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Guardando..." : "Guardar Cambios"}
      </Button>
    </form>
  );
}
