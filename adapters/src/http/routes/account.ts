import {
  changePassword,
  completePasswordReset,
  NewPasswordBody,
  PasswordChangeBody,
  PasswordResetRequestBody,
  requestPasswordReset,
  resendVerification,
  verifyEmail,
} from "@courts/core";
import type { FastifyRequest } from "fastify";
import { passwordWeakness } from "../../auth/password-policy.js";
import { actorOf } from "../actor.js";
import { decode } from "../decode.js";
import { HttpProblem } from "../error-mapping.js";
import { signedIn } from "../guards.js";
import { bodies, noContent, object, problems, str } from "../openapi.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

/** New confirmation links a minute from one address: a person asks once or twice, a script hundreds of times. */
const LINK_REQUESTS_PER_MINUTE = 5;

const refuseWeak = (password: string): void => {
  const weakness = passwordWeakness(password);
  if (weakness !== null) throw new HttpProblem(400, "WEAK_PASSWORD", weakness, "password");
};

/** A token from the path: URL-safe text of a sane length, else the same 410 as a used one. */
const tokenOf = (request: FastifyRequest): string => {
  const { token } = request.params as { token: string };
  return /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : "";
};

const tokenParams = object({ token: str });

/** Accounts a person owns (DESIGN.md section 13): password change and reset, email confirmation. */
export default routes(
  "account",
  async (app) => {
    const tags = ["auth"];
    app.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", PRIVATE);
    });

    app.post(
      "/api/user/password",
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: "Cambiar la contraseña (cierra las demás sesiones)",
          body: bodies.passwordChange,
          response: { 204: noContent, ...problems(400, 401) },
        },
      },
      async (request, reply) => {
        const input = decode(PasswordChangeBody, request.body);
        refuseWeak(input.newPassword);
        const user = await run(changePassword(app.ports, actorOf(request), input));
        await app.sessions.endSessionsOf(user.id, request.session.sessionId);
        return reply.code(204).send();
      },
    );

    app.post(
      "/api/auth/password-reset",
      {
        onRequest: app.anonymousWriteLimit,
        schema: {
          tags,
          summary: "Pedir un enlace para restablecer la contraseña (202 exista o no la cuenta)",
          body: bodies.passwordResetRequest,
          response: { 202: noContent, ...problems(400, 429) },
        },
      },
      async (request, reply) => {
        const input = decode(PasswordResetRequestBody, request.body);
        await run(requestPasswordReset(app.ports, input.email));
        return reply.code(202).send();
      },
    );

    app.post(
      "/api/auth/password-reset/:token",
      {
        onRequest: app.anonymousWriteLimit,
        schema: {
          tags,
          summary: "Elegir una nueva contraseña con el enlace del correo (cierra todas las sesiones)",
          params: tokenParams,
          body: bodies.newPassword,
          response: { 204: noContent, ...problems(400, 410, 429) },
        },
      },
      async (request, reply) => {
        const input = decode(NewPasswordBody, request.body);
        refuseWeak(input.password);
        const user = await run(completePasswordReset(app.ports, tokenOf(request), input.password));
        await app.sessions.endSessionsOf(user.id);
        await app.restartLoginBudget(request, user.username);
        return reply.code(204).send();
      },
    );

    app.post(
      "/api/auth/verify-email/:token",
      {
        onRequest: app.anonymousWriteLimit,
        schema: { tags, summary: "Confirmar el correo con el enlace recibido", params: tokenParams, response: { 204: noContent, ...problems(410, 429) } },
      },
      async (request, reply) => {
        await run(verifyEmail(app.ports, tokenOf(request)));
        return reply.code(204).send();
      },
    );

    app.post(
      "/api/auth/verify-email",
      {
        preHandler: signedIn,
        onRequest: app.perIpLimit("verify-email", LINK_REQUESTS_PER_MINUTE),
        schema: { tags, summary: "Enviar de nuevo el enlace para confirmar el correo", response: { 202: noContent, ...problems(401, 409, 429) } },
      },
      async (request, reply) => {
        await run(resendVerification(app.ports, actorOf(request)));
        return reply.code(202).send();
      },
    );
  },
  ["courts-rate-limits"],
);
