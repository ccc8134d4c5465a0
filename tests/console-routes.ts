import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";

/**
 * Every console URL pattern app/routes.ts declares (everything under /admin), so that the
 * table-driven tests can insist on an entry for each: a console route added without one fails them.
 */
export async function consoleRoutePatterns(): Promise<string[]> {
  const patterns: string[] = [];
  const walk = (entries: RouteConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const path = [prefix, entry.path].filter(Boolean).join("/");
      if (entry.path !== undefined || entry.index) patterns.push(path);
      if (entry.children) walk(entry.children, path);
    }
  };
  walk(await routes, "");
  return [...new Set(patterns.filter((pattern) => pattern === "admin" || pattern.startsWith("admin/")))].sort();
}
