/**
 * The direction of dependencies in app/ and server/, checked by `npm run lint`
 * (docs/decisions/011-dependency-direction.md). Type-only imports count: a cycle through types
 * still means two modules that cannot be understood, moved or tested one without the other.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Import cycles, type-only imports included.",
      from: {},
      to: { circular: true },
    },
    {
      name: "nothing-imports-the-server-entry",
      severity: "error",
      comment: "server/app.ts wires the app together; nothing in app/ may depend on it.",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
    {
      name: "domain-does-not-import-routes",
      severity: "error",
      comment: "Routes call domain verbs (app/.server), never the other way round.",
      from: { path: "^app/(\\.server|components|content|forms|utils)/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "shared-code-does-not-import-components",
      severity: "error",
      comment: "Server modules, content, forms and utilities sit below the UI.",
      from: { path: "^app/(\\.server|content|forms|utils)/" },
      to: { path: "^app/components/" },
    },
    {
      name: "client-code-does-not-import-server-modules",
      severity: "error",
      comment: "Components, content, forms and utilities reach the browser; .server modules must not.",
      from: { path: "^app/(components|content|forms|utils)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "(^app/\\.server/|\\.server\\.tsx?$)" },
    },
    {
      name: "imports-resolve",
      severity: "error",
      comment: "An import the checker cannot follow would hide a cycle; virtual and asset imports are Vite's.",
      from: {},
      to: { couldNotResolve: true, pathNot: "^(virtual:|.*\\?(url|inline)$|\\./\\+types/)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
