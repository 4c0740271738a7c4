import { getCurrentUser, LoginAnswer, presentUser, LoginBody, loginUser, Message, RegisterBody, registerUser, UserSessionAnswer } from "@courts/core";
import { actorOf } from "../actor.js";
import { decode } from "../decode.js";
import { answerOf, bodies, noContent, problems } from "../openapi.js";
import { HttpProblem } from "../error-mapping.js";
import { passwordWeakness } from "../../auth/password-policy.js";
import { run } from "../run.js";
import { logIn, logOut } from "../session.js";
import { PRIVATE, routes } from "./route-plugin.js";

const userAnswer = answerOf(UserSessionAnswer);

export default routes(
  "auth",
  async (app) => {
    const tags = ["auth"];

    app.get(
      "/api/auth/me",
      {
        schema: {
          tags,
          summary: "La sesión del jugador",
          description: "Con `?optional=1`, un visitante sin sesión recibe 204 en lugar de 401 (la web no registra un error por cada visitante).",
          response: { 200: userAnswer, 204: { ...noContent, description: "Sin sesión (solo con ?optional=1)" }, ...problems(401) },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", PRIVATE);
        const actor = actorOf(request);
        const { optional } = request.query as { optional?: unknown };
        if (actor.userId === null && (optional === "1" || optional === "true")) return reply.code(204).send();
        const user = await run(getCurrentUser(app.ports, actor));
        const answer: UserSessionAnswer = { user: presentUser(user) };
        return answer;
      },
    );

    app.post(
      "/api/auth/register",
      {
        schema: { tags, summary: "Crear una cuenta (queda con la sesión iniciada)", body: bodies.register, response: { 201: userAnswer, ...problems(409, 429) } },
        onRequest: app.registrationLimit,
      },
      async (request, reply) => {
        const input = decode(RegisterBody, request.body);
        const weakness = passwordWeakness(input.password);
        if (weakness !== null) throw new HttpProblem(400, "WEAK_PASSWORD", weakness, "password");
        const user = await run(registerUser(app.ports, input));
        await logIn(request, "userId", user.id);
        const answer: UserSessionAnswer = { user: presentUser(user) };
        return reply.code(201).send(answer);
      },
    );

    app.post(
      "/api/auth/login",
      { schema: { tags, summary: "Iniciar sesión", body: bodies.login, response: { 200: answerOf(LoginAnswer), ...problems(401, 429) } } },
      async (request) => {
        const input = decode(LoginBody, request.body);
        // counted before the password is checked: a burst of guesses evaluates at most the limit
        const attempt = await app.loginAttempts.take(request, input.username);
        const user = await run(loginUser(app.ports, input));
        await attempt.succeeded();
        await logIn(request, "userId", user.id);
        const answer: LoginAnswer = { user: presentUser(user), message: "¡Bienvenido!" };
        return answer;
      },
    );

    app.post("/api/auth/logout", { schema: { tags, summary: "Cerrar la sesión del jugador", response: { 200: answerOf(Message) } } }, async (request, reply) => {
      await logOut(request, reply, "userId");
      return { message: "Has cerrado sesión exitosamente" };
    });
  },
  ["courts-rate-limits"],
);
