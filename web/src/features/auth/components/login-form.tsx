import { login } from "../api/session";
import { CredentialsForm } from "./credentials-form";

/** Username and password; success goes wherever the screen says (/user-dashboard). */
export function LoginForm({ onDone }: { onDone: () => void }) {
  return (
    <CredentialsForm
      usernameLabel="Usuario"
      submitLabel="Iniciar Sesión"
      pendingLabel="Iniciando sesión..."
      errorTitle="Error al iniciar sesión"
      signIn={async (credentials) => {
        const { user } = await login(credentials);
        return { title: "¡Bienvenido!", description: `Hola, ${user.username}` };
      }}
      onDone={onDone}
    />
  );
}
