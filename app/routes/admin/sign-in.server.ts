import { redirect } from "react-router";
import { ADMIN_HEADERS } from "./guard.server.ts";

/** A sign-in step's answer: on to the next step (or the page it continues to), with the session's cookie. */
export function redirectWithCookie(path: string, setCookie: string) {
  return redirect(path, { headers: { ...ADMIN_HEADERS, "Set-Cookie": setCookie } });
}
