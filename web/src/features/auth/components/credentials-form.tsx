import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { clearToasts, toastError, toastForNextScreen } from "../../../components/ui/toast";
import { LoginBody } from "@courts/core";
import { describeError } from "../../../lib/api-client";
import { checkRequest } from "../../../lib/request-schema";

export interface CredentialsFormProps {
  readonly usernameLabel: string;
  readonly submitLabel: string;
  readonly pendingLabel: string;
  /** Calls the server; resolves to the success toast. */
  readonly signIn: (credentials: { username: string; password: string }) => Promise<{ title: string; description: string }>;
  readonly errorTitle: string;
  readonly onDone: () => void;
}

/** Username and password as the server's LoginBody reads them; the player and the admin login differ only in texts and call. */
export function CredentialsForm({ usernameLabel, submitLabel, pendingLabel, signIn, errorTitle, onDone }: CredentialsFormProps) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [touched, setTouched] = useState(false);

  // both sign-ins decode their body with LoginBody on the server
  const checked = checkRequest(LoginBody, { username, password }, { username: usernameLabel, password: "Contraseña" });
  const problem = (field: "username" | "password") => (touched && !checked.ok ? checked.problems[field] : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearToasts();
    setTouched(true);
    if (!checked.ok) return;
    setPending(true);
    try {
      toastForNextScreen(await signIn(checked.value));
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
        error={problem("username")}
      />
      <TextField
        label="Contraseña"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-required="true"
        error={problem("password")}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
