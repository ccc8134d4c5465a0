import { redirect } from "react-router";

/** A sign-in step's answer: on to the next step (or the page it continues to), with the session's cookie. */
export function redirectWithCookie(path: string, setCookie: string) {
  return redirect(path, { headers: { "Set-Cookie": setCookie } });
}
