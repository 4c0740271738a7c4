/** An address of the API (`/api`, `/api/...`, `/api?...`); anything else is the web app's or its files'. */
export const isApiPath = (url: string): boolean => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

/**
 * A page the server writes itself, outside the web app (the web not built, an address Fastify
 * cannot read): Spanish, readable on a phone, with no script or stylesheet to load (the pages'
 * CSP allows inline styles).
 */
export const plainPage = (title: string, body: string): string =>
  '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>${title}</title></head>` +
  '<body style="font-family: system-ui, sans-serif; color: #1c1917; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5; overflow-wrap: anywhere">' +
  `<main>${body}</main></body></html>`;
