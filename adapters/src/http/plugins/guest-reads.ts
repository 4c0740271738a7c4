import fastifySession, { type FastifySessionOptions } from "@fastify/session";
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import fp from "fastify-plugin";

type OnRequest = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** A read that brings no session cookie can neither be logged in nor change a session. */
const isGuestRead = (request: FastifyRequest, cookieName: string): boolean =>
  (request.method === "GET" || request.method === "HEAD") && request.cookies[cookieName] === undefined;

/**
 * @fastify/session, except that a GET or HEAD without the session cookie gets an empty session
 * instead of a new one. @fastify/session builds every new session eagerly (random id, HMAC
 * signature, a hash of its contents), about a fifth of the CPU of a public read, and with
 * `saveUninitialized: false` that session is thrown away unsaved anyway. Reads only look at the
 * session (`userId`, `adminId`); every route that logs in or out is a POST and still gets a
 * real one.
 */
export default fp<FastifySessionOptions>(
  async (app, options) => {
    const cookieName = options.cookieName ?? "sessionId";
    const addHook = app.addHook;
    // The plugin registers its onRequest hook on this very instance (it skips encapsulation):
    // wrapping addHook while it registers is the one way to put a guard in front of that hook.
    const guarded = function (this: typeof app, name: string, hook: OnRequest) {
      if (name !== "onRequest") return Reflect.apply(addHook, this, [name, hook]) as typeof app;
      const wrapped: OnRequest = (request, reply, done) => {
        if (!isGuestRead(request, cookieName)) return hook(request, reply, done);
        request.session = {} as FastifyRequest["session"];
        done();
      };
      return Reflect.apply(addHook, this, [name, wrapped]) as typeof app;
    };
    app.addHook = guarded as unknown as typeof app.addHook;
    try {
      await app.register(fastifySession, options);
    } finally {
      app.addHook = addHook;
    }
  },
  { name: "courts-session", fastify: "5.x" },
);
