// The benchmark's second baseline: a Fastify process with no plugin, no hook and no database,
// answering a fixed JSON, to say what the machine itself allows (`npm run bench`).
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
const close = () => void app.close().then(() => process.exit(0));
process.once("SIGTERM", close);
process.once("SIGINT", close);
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
