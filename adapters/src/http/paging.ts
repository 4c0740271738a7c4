import type { FastifyReply } from "fastify";
import type { Page } from "@courts/core";

/**
 * The per-player lists keep SPEC.md's answer (a JSON array); the page they are and the total
 * over all pages travel in headers, so an older client that reads an array keeps working.
 */
export const pageHeaders = (reply: FastifyReply, page: Page<unknown>): void => {
  reply.header("x-total-count", String(page.total));
  reply.header("x-page", String(page.page));
  reply.header("x-page-size", String(page.pageSize));
};

/** Query string fields of the paginated lists, for the API documentation. */
export const pageQuery = {
  page: { type: "integer", minimum: 1, default: 1 },
  pageSize: { type: "integer", minimum: 1, maximum: 200, default: 50 },
} as const;
