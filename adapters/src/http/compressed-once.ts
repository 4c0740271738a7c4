import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Answers below this many bytes go as they are: here and in @fastify/compress (build-app.ts). */
export const COMPRESS_THRESHOLD = 1024;
type Encoding = "br" | "gzip";
/** The encodings offered, best first: here and in @fastify/compress (build-app.ts). */
export const COMPRESS_ENCODINGS: Encoding[] = ["br", "gzip"];

const compress = (body: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === "br"
    ? // brotli's quality 5: compressed once per body, not per request, so a little slower than
      // @fastify/compress's per-request 4 and smaller
      brotli(body, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipped(body);

/**
 * Sends answers a read model keeps in memory (the same Buffer on each hit, such as a venue's
 * month calendar, 0.5 MB of JSON at a busy club) compressed once per body and encoding, instead
 * of once per request as @fastify/compress does: the compressed copy lives as long as the body.
 * A route that uses it sets `compress: false`. Negotiation is @fastify/compress's own
 * (@fastify/accept-negotiator, quality values included).
 */
export const compressedOnce = () => {
  const copies = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();
  return async (request: FastifyRequest, reply: FastifyReply, body: Buffer): Promise<Buffer> => {
    reply.header("vary", "accept-encoding");
    const accepted = request.headers["accept-encoding"];
    if (body.length < COMPRESS_THRESHOLD || accepted === undefined) return body;
    const encoding = negotiate(accepted, COMPRESS_ENCODINGS);
    if (encoding === null) return body;
    let kept = copies.get(body);
    if (kept === undefined) {
      kept = {};
      copies.set(body, kept);
    }
    const pending = (kept[encoding] ??= compress(body, encoding));
    let compressed: Buffer;
    try {
      compressed = await pending;
    } catch {
      // never kept: the next request tries again; this one goes as it is
      delete kept[encoding];
      return body;
    }
    reply.header("content-encoding", encoding);
    return compressed;
  };
};
