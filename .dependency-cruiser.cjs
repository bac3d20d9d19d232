/**
 * The layer check run by `npm test` (scripts/test.sh): no import cycle between
 * folders. docs/architecture.md draws the layers this keeps.
 */
module.exports = {
  forbidden: [
    {
      name: "no-folder-cycle",
      severity: "error",
      comment: "Folders import each other in one direction only (docs/architecture.md).",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-module-cycle",
      severity: "error",
      comment: "Files import each other in one direction only.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|data|bench-data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
