export interface Ids {
  /** a new UUID */
  uuid(): string;
  /** an unguessable URL-safe token of at least 128 random bits */
  token(): string;
  /** what is stored of a one-time link's token (SHA-256): the database never holds a working link */
  tokenHash(token: string): string;
}
