import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { login } from "../api/session";

/** Username and password; success goes wherever the screen says (/user-dashboard). */
export function LoginForm({ onDone }: { onDone: () => void }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [touched, setTouched] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!username.trim() || !password) return;
    setPending(true);
    try {
      const { user } = await login({ username: username.trim(), password });
      toast({ title: "¡Bienvenido!", description: `Hola, ${user.username}` });
      onDone();
    } catch (error) {
      toastError("Error al iniciar sesión", describeError(error, "Usuario o contraseña incorrectos"));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField
        label="Usuario"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        aria-required="true"
        error={touched && !username.trim() ? "El usuario es requerido" : undefined}
      />
      <TextField
        label="Contraseña"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-required="true"
        error={touched && !password ? "La contraseña es requerida" : undefined}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? "Iniciando sesión..." : "Iniciar Sesión"}
      </Button>
    </form>
  );
}
