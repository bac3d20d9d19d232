/**
 * `npm run check:layers` (part of `npm test`): the import graph, read by
 * dependency-cruiser, must keep the rules of .dependency-cruiser.cjs and have
 * no cycle between units (see unitOf: each section, each folder of lib/ and
 * components/, the partner service, app, server, bench, scripts). Prints every
 * broken rule and every cycle with the imports that make it, and exits 1 if
 * there is any.
 */
import { execFileSync } from "node:child_process";

const ROOTS = [
  "app",
  "sections",
  "components",
  "lib",
  "partner-service",
  "partner-api",
  "server",
  "bench",
  "e2e",
  "scripts",
  "proxy.ts",
  "instrumentation.ts",
];

/** Folders that are one unit whole; every other folder's units are its subfolders and files. */
const WHOLE = new Set(["app", "scripts", "server", "bench", "partner-service"]);

interface CruiseOutput {
  modules: { source: string; dependencies: { resolved: string; coreModule: boolean; couldNotResolve: boolean }[] }[];
  summary: { violations: { type: string; from: string; to: string; rule: { name: string } }[] };
}

/**
 * The unit a file belongs to: a whole folder (app, scripts, server, bench, the partner service), a folder's
 * subfolder or file (sections/x, components/x, lib/x, partner-api/x, e2e/x...), or a top-level file itself.
 */
export function unitOf(path: string): string {
  // A test is a leaf that nothing imports: a unit of its own, so that a section's test may reach the others
  // through the registry without making the sections a cycle.
  if (/\.(test|spec)\.tsx?$/.test(path)) return path;
  const parts = path.split("/");
  if (WHOLE.has(parts[0])) return parts[0];
  if (parts.length === 1) return path.replace(/\.tsx?$/, "");
  if (parts.length === 2) return `${parts[0]}/${parts[1].replace(/\.tsx?$/, "")}`;
  return `${parts[0]}/${parts[1]}`;
}

/** Strongly connected components of more than one unit (Tarjan): each is a set of folders importing each other. */
export function cyclesOf(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

function main(): void {
  const json = execFileSync(
    "node_modules/.bin/depcruise",
    ["--config", ".dependency-cruiser.cjs", "--output-type", "json", ...ROOTS],
    { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  const result = JSON.parse(json) as CruiseOutput;
  const problems: string[] = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  const edges = new Map<string, Set<string>>();
  const imports = new Map<string, string[]>();
  for (const m of result.modules) {
    if (!ROOTS.some((r) => m.source === r || m.source.startsWith(`${r}/`))) continue;
    const from = unitOf(m.source);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const d of m.dependencies) {
      if (d.coreModule || d.couldNotResolve || d.resolved.startsWith("node_modules/")) continue;
      const to = unitOf(d.resolved);
      if (to === from) continue;
      edges.get(from)!.add(to);
      const key = `${from} -> ${to}`;
      imports.set(key, [...(imports.get(key) ?? []), `${m.source} imports ${d.resolved}`]);
    }
  }
  for (const cycle of cyclesOf(edges)) {
    const inside = new Set(cycle);
    const lines = [...imports].filter(([key]) => key.split(" -> ").every((u) => inside.has(u))).flatMap(([, l]) => l);
    problems.push(`folder cycle between ${cycle.join(", ")}:\n    ${lines.join("\n    ")}`);
  }
  if (problems.length === 0) {
    console.log(`Layers: ${result.modules.length} files, no broken rule, no cycle between folders.`);
    return;
  }
  console.error(`Layers: ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}

if (process.argv[1]?.endsWith("check-layers.ts")) main();
