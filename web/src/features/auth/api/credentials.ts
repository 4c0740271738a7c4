/** What both sign-in forms send (POST /api/auth/login, POST /api/admin/login). */
export interface Credentials {
  username: string;
  password: string;
}
