import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";

export interface CredentialsFormProps {
  readonly usernameLabel: string;
  readonly submitLabel: string;
  readonly pendingLabel: string;
  /** Calls the server; resolves to the success toast. */
  readonly signIn: (credentials: { username: string; password: string }) => Promise<{ title: string; description: string }>;
  readonly errorTitle: string;
  readonly onDone: () => void;
}

/** Username and password, both required; the player and the admin login differ only in texts and call. */
export function CredentialsForm({ usernameLabel, submitLabel, pendingLabel, signIn, errorTitle, onDone }: CredentialsFormProps) {
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
      toast(await signIn({ username: username.trim(), password }));
      onDone();
    } catch (error) {
      toastError(errorTitle, describeError(error, "Usuario o contraseña incorrectos"));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField
        label={usernameLabel}
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
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
