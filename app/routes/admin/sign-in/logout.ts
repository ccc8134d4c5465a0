import { redirect } from "react-router";
import { recordConsoleAccess } from "#app/.server/audit/access.ts";
import { CONSOLE_LOGIN_PATH, getAdmin, logout } from "#app/.server/auth/sign-in.ts";
import type { Route } from "./+types/logout";

// Signing out changes state, so only a same-origin POST does it; a visit to the URL does nothing.
export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await getAdmin(request, context);
  if (admin) await recordConsoleAccess(context, admin, "auth.sign-out");
  return redirect(CONSOLE_LOGIN_PATH, { headers: { "Set-Cookie": await logout(request) } });
}
