"use client";
/**
 * The fill patterns of ./palette.ts as SVG: a <pattern> per category, put in a chart's <defs> and named by
 * `patternId(prefix, key)` (the prefix from useId, unique in the page), and the same pattern on a legend's swatch,
 * so that the legend shows exactly what the bars show. The marks are white over the category's colour.
 */
import { useId } from "react";
import { Symbols } from "recharts";
import styles from "./charts.module.css";
import type { CategoryLook, ChartMarker, ChartPattern } from "./palette";

const TILE = 6;
const MARK = { stroke: "#ffffff", strokeWidth: 1.5 } as const;

/** The spacing of a `hatch-n` pattern's lines (n); null for the other patterns. */
const hatchSpacing = (pattern: ChartPattern) => (pattern.startsWith("hatch-") ? Number(pattern.slice(6)) : null);

/** A pattern's tile: a hatch's spacing, else TILE. */
export const tileSize = (pattern: ChartPattern) => hatchSpacing(pattern) ?? TILE;

/** The white marks of one tile of a pattern. */
function TileMarks({ pattern }: { pattern: ChartPattern }) {
  const hatch = hatchSpacing(pattern);
  if (hatch !== null) {
    // One thin diagonal per tile, with the corners that join it to the next tile's.
    const [s, t] = [hatch, hatch + 1];
    return <path d={`M0,${s} L${s},0 M-1,1 L1,-1 M${s - 1},${t} L${t},${s - 1}`} stroke="#ffffff" strokeWidth={1} />;
  }
  switch (pattern) {
    case "diagonal":
      return (
        <path d={`M0,${TILE} L${TILE},0 M-1,1 L1,-1 M${TILE - 1},${TILE + 1} L${TILE + 1},${TILE - 1}`} {...MARK} />
      );
    case "dots":
      return <circle cx={TILE / 2} cy={TILE / 2} r={1.3} fill="#ffffff" />;
    case "crosshatch":
      return <path d={`M0,0 L${TILE},${TILE} M0,${TILE} L${TILE},0`} {...MARK} strokeWidth={1} />;
    case "horizontal":
      return <path d={`M0,${TILE / 2} H${TILE}`} {...MARK} />;
    case "vertical":
      return <path d={`M${TILE / 2},0 V${TILE}`} {...MARK} />;
    default:
      return null;
  }
}

/** The id of a category's pattern in a chart whose defs were made with this prefix. */
export const patternId = (prefix: string, key: string) => `${prefix.replace(/[^A-Za-z0-9_-]/g, "")}-pattern-${key}`;

/** The <pattern> elements of a set of categories, to put in an SVG's <defs>. */
export function PatternDefs({ prefix, looks }: { prefix: string; looks: Record<string, CategoryLook> }) {
  return (
    <defs>
      {Object.entries(looks).map(([key, look]) => (
        <pattern
          key={key}
          id={patternId(prefix, key)}
          data-pattern={look.pattern}
          patternUnits="userSpaceOnUse"
          width={tileSize(look.pattern)}
          height={tileSize(look.pattern)}
        >
          <rect width={tileSize(look.pattern)} height={tileSize(look.pattern)} fill={look.colour} />
          <TileMarks pattern={look.pattern} />
        </pattern>
      ))}
    </defs>
  );
}

/** A legend's sample of a category's fill: its colour with its pattern, outlined. */
export function PatternSwatch({ look, size = 14 }: { look: CategoryLook; size?: number }) {
  const prefix = useId();
  return (
    <svg width={size} height={size} aria-hidden="true" className={styles.swatch} data-pattern={look.pattern}>
      <PatternDefs prefix={prefix} looks={{ swatch: look }} />
      <rect width={size} height={size} fill={`url(#${patternId(prefix, "swatch")})`} stroke={look.colour} />
    </svg>
  );
}

/** A legend's sample of a response's marker shape, in its colour. */
export function MarkerSwatch({ marker, colour, size = 14 }: { marker: ChartMarker; colour: string; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" className={styles.swatch} data-marker={marker}>
      <Symbols type={marker} cx={size / 2} cy={size / 2} size={size * 6} fill={colour} />
    </svg>
  );
}
