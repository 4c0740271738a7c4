import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { register } from "../api/session";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORDS_DIFFER = "Las contraseñas no coinciden";

export function RegisterForm({ onDone }: { onDone: () => void }) {
  const [form, setForm] = useState({ email: "", username: "", password: "", confirm: "" });
  const [pending, setPending] = useState(false);
  const [touched, setTouched] = useState(false);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const problems = {
    email: !form.email.trim() ? "El email es requerido" : !EMAIL.test(form.email.trim()) ? "Ingresa un email válido" : undefined,
    username: !form.username.trim() ? "El usuario es requerido" : undefined,
    password: !form.password ? "La contraseña es requerida" : undefined,
    confirm: form.confirm !== form.password ? PASSWORDS_DIFFER : undefined,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problems.email || problems.username || problems.password) return;
    if (problems.confirm) {
      toastError("Error", PASSWORDS_DIFFER);
      return;
    }
    setPending(true);
    try {
      await register({ email: form.email.trim(), username: form.username.trim(), password: form.password });
      toast({ title: "¡Bienvenido!", description: "Tu cuenta ha sido creada exitosamente" });
      onDone();
    } catch (error) {
      toastError("Error al registrar", describeError(error, "No se pudo crear la cuenta"));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField label="Email" name="email" type="email" autoComplete="email" value={form.email} onChange={set("email")} aria-required="true" error={touched ? problems.email : undefined} />
      <TextField label="Usuario" name="username" autoComplete="username" value={form.username} onChange={set("username")} aria-required="true" error={touched ? problems.username : undefined} />
      <TextField label="Contraseña" name="password" type="password" autoComplete="new-password" value={form.password} onChange={set("password")} aria-required="true" error={touched ? problems.password : undefined} />
      <TextField label="Confirmar contraseña" name="confirm" type="password" autoComplete="new-password" value={form.confirm} onChange={set("confirm")} aria-required="true" error={touched ? problems.confirm : undefined} />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? "Creando cuenta..." : "Crear Cuenta"}
      </Button>
    </form>
  );
}
