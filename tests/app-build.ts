import type { RouteConfigEntry } from "@react-router/dev/routes";
import { UNSAFE_withComponentProps, UNSAFE_withErrorBoundaryProps, type ServerBuild } from "react-router";
import * as entryServer from "#app/entry.server.tsx";
import * as rootModule from "#app/root.tsx";
import routes from "#app/routes.ts";

/**
 * The server build React Router's Vite plugin would make, made from app/routes.ts and the route
 * modules themselves, so integration tests send real requests through the whole app — Express,
 * middleware, loaders, actions, headers and the document — without a build. The browser assets
 * are stand-ins: these tests read what the server answers, not what a browser runs.
 */

const modules = import.meta.glob<Record<string, unknown>>("../app/routes/**/*.{ts,tsx}");

type ServerRouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
/**
 * A route module as the framework's Vite plugin hands it to the server: its components wrapped
 * to receive loaderData, params and the rest as props. Each module is typed by its generated
 * Route types, which the build's generic module type does not know; the framework checks them
 * at build time, so the test build takes them as they are.
 */
function asRouteModule(module: Record<string, unknown>): ServerRouteModule {
  const wrapped: Record<string, unknown> = { ...module };
  if (typeof module.default === "function") wrapped.default = UNSAFE_withComponentProps(module.default as never);
  if (typeof module.ErrorBoundary === "function") wrapped.ErrorBoundary = UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never);
  // Vite resolves `?url` imports (a stylesheet's address) to nothing outside a build.
  if (typeof module.links === "function") {
    const links = module.links as () => { href?: string }[];
    wrapped.links = () => links().filter((link) => link.href);
  }
  return wrapped as unknown as ServerRouteModule;
}

type Manifest = ServerBuild["routes"];

async function addRoutes(entries: RouteConfigEntry[], parentId: string, manifest: Manifest, entryRoutes: ServerBuild["assets"]["routes"]) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const load = modules[`../app/${entry.file}`];
    if (!load) throw new Error(`app/routes.ts names ${entry.file}, which does not exist`);
    const module = await load();
    manifest[id] = {
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module: asRouteModule(module),
    };
    entryRoutes[id] = {
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module: `/assets/${id}.js`,
      hasAction: "action" in module,
      hasLoader: "loader" in module,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: "ErrorBoundary" in module,
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
    };
    if (entry.children) await addRoutes(entry.children, id, manifest, entryRoutes);
  }
}

let built: Promise<ServerBuild> | undefined;

export function testServerBuild(): Promise<ServerBuild> {
  built ??= (async () => {
    const manifest: Manifest = {
      root: { id: "root", path: "", module: asRouteModule({ ...rootModule }) },
    };
    const entryRoutes: ServerBuild["assets"]["routes"] = {
      root: {
        id: "root",
        path: "",
        module: "/assets/root.js",
        hasAction: false,
        hasLoader: true,
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: true,
        clientActionModule: undefined,
        clientLoaderModule: undefined,
        clientMiddlewareModule: undefined,
        hydrateFallbackModule: undefined,
      },
    };
    await addRoutes(await routes, "root", manifest, entryRoutes);
    return {
      entry: { module: entryServer },
      routes: manifest,
      assets: {
        entry: { module: "/assets/entry.client.js", imports: [] },
        routes: entryRoutes,
        url: "/assets/manifest.js",
        version: "test",
      },
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      future: { v8_middleware: true, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    } satisfies ServerBuild;
  })();
  return built;
}
