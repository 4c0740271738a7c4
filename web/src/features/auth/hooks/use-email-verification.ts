import { useEffect, useState } from "react";
import { describeError, isStatus } from "../../../lib/api-client";
import { useVerifyEmail } from "../api/verify-email";

export type Verification =
  | { readonly status: "pending" }
  | { readonly status: "confirmed" }
  /** 410: used, expired or replaced by a newer link */
  | { readonly status: "gone"; readonly message: string }
  | { readonly status: "failed"; readonly message: string };

/**
 * One POST per link and page load: a link works once, so a second POST (React StrictMode runs a
 * mount's effects twice; the screen opened again) would answer 410 and tell a person whose email
 * was just confirmed that the link is no longer valid. A failure that may pass (no connection, 5xx)
 * is forgotten, so 'Intentar de nuevo' asks again.
 */
const attempts = new Map<string, Promise<unknown>>();

/** /verificar/{token}: confirms the email once, on arrival; `retry` after a failure that may pass. */
export function useEmailVerification(token: string) {
  const { trigger: verify } = useVerifyEmail();
  const [state, setState] = useState<Verification>({ status: "pending" });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    let attempt = attempts.get(token);
    if (attempt === undefined) {
      attempt = verify(token);
      attempts.set(token, attempt);
    }
    attempt.then(
      () => live && setState({ status: "confirmed" }),
      (error: unknown) => {
        const gone = isStatus(error, 410);
        if (!gone) attempts.delete(token);
        if (!live) return;
        setState(
          gone
            ? { status: "gone", message: describeError(error, "Este enlace ya no es válido.") }
            : { status: "failed", message: describeError(error, "No se pudo confirmar tu correo.") },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [token, round, verify]);
  const retry = () => {
    setState({ status: "pending" });
    setRound((n) => n + 1);
  };
  return { state, retry };
}
