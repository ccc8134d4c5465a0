import { redirect } from "react-router";
import { recordConsoleAccess } from "#app/.server/access.ts";
import { CONSOLE_LOGIN_PATH, getAdmin, logout } from "#app/.server/auth.ts";
import { requireSameOrigin } from "#app/.server/csrf.ts";
import { ADMIN_HEADERS } from "./guard.server.ts";
import type { Route } from "./+types/logout";

// Signing out changes state, so only a same-origin POST does it; a visit to the URL does nothing.
export function loader() {
  return redirect("/admin", { headers: ADMIN_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const admin = await getAdmin(request, context);
  if (admin) await recordConsoleAccess(context, admin, "auth.sign-out");
  return redirect(CONSOLE_LOGIN_PATH, { headers: { ...ADMIN_HEADERS, "Set-Cookie": await logout(request) } });
}
