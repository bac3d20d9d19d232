/**
 * The layer rules, checked by `npm test` through scripts/check-layers.ts
 * (which also refuses any import cycle between top-level folders).
 * docs/architecture.md explains the layers.
 */
const TESTS = "\\.(test|spec)\\.tsx?$";
module.exports = {
  forbidden: [
    {
      name: "no-file-cycle",
      severity: "error",
      comment: "Files import each other in one direction only.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-below-ui",
      severity: "error",
      comment: "lib/ is below the UI: it never imports routes, sections or components.",
      from: { path: "^lib/" },
      to: { path: "^(app|sections|components)/" },
    },
    {
      name: "components-stay-generic",
      severity: "error",
      comment: "components/ holds generic widgets: they never import routes or sections.",
      from: { path: "^components/" },
      to: { path: "^(app|sections)/" },
    },
    {
      name: "sections-stand-apart",
      severity: "error",
      comment:
        "A section never imports another section: what two sections share is in sections/frame (or lib/). " +
        "Only the registry and the export sources beside it (sections/*.ts) bring the sections together; a " +
        "section's tests may reach the others through them.",
      from: { path: "^sections/([^/]+)/", pathNot: ["^sections/frame/", TESTS] },
      to: { path: "^sections/", pathNot: ["^sections/$1/", "^sections/frame/"] },
    },
    {
      name: "frame-knows-no-section",
      severity: "error",
      comment: "The study frame serves every section and knows none of them (its tests may use one as an example).",
      from: { path: "^sections/frame/", pathNot: TESTS },
      to: { path: "^sections/", pathNot: "^sections/frame/" },
    },
    {
      name: "service-stands-alone",
      severity: "error",
      comment:
        "The partner service is a function from a Request to a Response: no Next.js, and nothing of the portal " +
        "but the shared contract (partner-api), SQLite plumbing, configuration, HTTP and runtime helpers.",
      from: { path: "^partner-service/" },
      to: {
        path: [
          "^(app|sections|components|server|bench)/",
          "^lib/(?!(config|http|runtime|sqlite)/)",
          "^node_modules/(next|next-auth|react)/",
        ],
      },
    },
    {
      name: "client-knows-no-portal",
      severity: "error",
      comment: "The partner client knows the contract, not the portal nor (outside its tests) the service.",
      from: { path: "^lib/partner-client/", pathNot: TESTS },
      to: {
        path: ["^lib/(audit|auth|connections|crypto|db|demo|store|study-cache|study-views)/", "^partner-service/"],
      },
    },
    {
      name: "cache-knows-no-portal",
      severity: "error",
      comment: "The study cache keys rows by credentials; users, connections and pages are the study views' business.",
      from: { path: "^lib/study-cache/", pathNot: TESTS },
      to: { path: "^lib/(audit|auth|connections|db|demo|store|study-views)/" },
    },
    {
      name: "clinical-is-pure",
      severity: "error",
      comment: "Clinical mappers and rules are pure functions of the contract's types.",
      from: { path: "^lib/clinical/", pathNot: TESTS },
      to: { path: ["^lib/(?!clinical/)", "^(app|sections|components|partner-service|server|bench)/"] },
    },
    {
      name: "qa-suite-needs-only-http",
      severity: "error",
      comment:
        "The QA suite (e2e/qa) runs against any deployment: it reaches the portal and the partner service over HTTP " +
        "only, never their code, databases or files, nor the e2e helpers that use them (docs/qa-suite.md). The page " +
        "objects it shares with the portal specs (e2e/pages) keep the same rule.",
      from: { path: "^e2e/(qa|pages)/" },
      to: {
        path: [
          "^(lib|app|components|sections|partner-service|partner-api|server|bench|scripts)/",
          "^e2e/(?!qa/|pages/)",
          "better-sqlite3",
          "child_process",
        ],
      },
    },
    {
      name: "generator-rules-stay-in-the-generator",
      severity: "error",
      comment:
        "The generator's RECIST 1.1 statement is its own (its data cuts read it too, to report a new scan as the " +
        "generated ones are): the portal states the rules independently, so that its data checks are not the " +
        "generator checking itself (docs/clinical-rules.md).",
      from: { pathNot: "^partner-service/data/(generator|cuts)/" },
      to: { path: "^partner-service/data/generator/recist-rules\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // node_modules is not excluded, only not followed: the rules must see imports of next, next-auth and react.
    exclude: { path: "^(\\.next|data|bench-data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
