import { useState, type FormEvent } from "react";
import { RegisterBody } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { clearToasts, toastError, toastForNextScreen } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { checkRequest } from "../../../lib/request-schema";
import { useRegister } from "../api/register";

export const PASSWORDS_DIFFER = "Las contraseñas no coinciden";

/** Email, username and password as the server's request schema reads them; the confirmation must match. */
export function RegisterForm({ onDone }: { onDone: () => void }) {
  const [form, setForm] = useState({ email: "", username: "", password: "", confirm: "" });
  const [touched, setTouched] = useState(false);
  const { trigger: register, isMutating: pending } = useRegister();
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const checked = checkRequest(
    RegisterBody,
    { email: form.email, username: form.username, password: form.password },
    { email: "Email", username: "Usuario", password: "Contraseña" },
  );
  const problem = (field: "email" | "username" | "password") => (touched && !checked.ok ? checked.problems[field] : undefined);
  const differ = form.confirm !== form.password;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearToasts();
    setTouched(true);
    if (!checked.ok) return;
    if (differ) {
      toastError("Error", PASSWORDS_DIFFER);
      return;
    }
    try {
      await register(checked.value);
      toastForNextScreen({ title: "¡Bienvenido!", description: "Tu cuenta ha sido creada exitosamente" });
      onDone();
    } catch (error) {
      toastError("Error al registrar", describeError(error, "No se pudo crear la cuenta"));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField label="Email" name="email" type="email" autoComplete="email" value={form.email} onChange={set("email")} aria-required="true" error={problem("email")} />
      <TextField label="Usuario" name="username" autoComplete="username" value={form.username} onChange={set("username")} aria-required="true" error={problem("username")} />
      <TextField label="Contraseña" name="password" type="password" autoComplete="new-password" value={form.password} onChange={set("password")} aria-required="true" error={problem("password")} />
      <TextField label="Confirmar contraseña" name="confirm" type="password" autoComplete="new-password" value={form.confirm} onChange={set("confirm")} aria-required="true" error={touched && differ ? PASSWORDS_DIFFER : undefined} />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? "Creando cuenta..." : "Crear Cuenta"}
      </Button>
    </form>
  );
}
