"use client";
/**
 * The trend's choices, kept in the URL so that a link reproduces the view:
 * the test, the liver panel or the vital-sign item (`trend=`), raw values or
 * ×ULN (`scale=uln`; the liver panel is ×ULN only), and collection dates or
 * study days across (`trend_x=day`).
 */
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useTransition } from "react";
import uiStyles from "@/components/ui/ui.module.css";
import type { TrendScale } from "@/lib/clinical/subjects/trend-series";
import { Switch, type SwitchOption } from "@/sections/frame/ui/Switch";
import { SCALE_PARAM, TREND_AXIS_PARAM, TREND_PARAM, type TrendAxis, withParam } from "../query";
import { keptSearchParams } from "./kept-state";
import type { TrendKind, TrendOption } from "./trend-choice";

export interface TrendControlsProps {
  options: TrendOption[];
  selected: string;
  scale: TrendScale;
  /** Whether any record of the chosen test has an upper limit (vital signs have no ranges). */
  ulnAvailable: boolean;
  /** The time axis the URL asks for. */
  axis: TrendAxis;
  /** Whether the subject has a study day 1 (else study days do not apply). */
  dayOneKnown: boolean;
}

export function TrendControls({ options, selected, scale, ulnAvailable, axis, dayOneKnown }: TrendControlsProps) {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  // The state the page understands, not the address as it came (./kept-state.ts).
  const kept = keptSearchParams(searchParams, selected);
  const choose = (value: string) =>
    startTransition(() => router.replace(`${pathname}${withParam(kept, TREND_PARAM, value)}`, { scroll: false }));
  const scaleOption = (to: TrendScale, label: string): SwitchOption => ({
    label,
    href: `${pathname}${withParam(kept, SCALE_PARAM, to === "uln" ? "uln" : null)}`,
    current: to === scale,
  });
  // The panel's tests share one axis only as multiples of their upper limits.
  const panel = options.some((o) => o.kind === "liver" && o.value === selected);
  const scales = panel
    ? [
        { label: "Raw values (one test at a time)", href: null, current: false },
        { label: "× ULN", href: null, current: true },
      ]
    : [
        scaleOption("raw", "Raw values"),
        ulnAvailable || scale === "uln"
          ? scaleOption("uln", "× ULN")
          : { label: "× ULN (no upper limit)", href: null, current: false },
      ];
  const axisOption = (to: TrendAxis, label: string): SwitchOption => ({
    label,
    href: `${pathname}${withParam(kept, TREND_AXIS_PARAM, to === "day" ? "day" : null)}`,
    current: to === axis,
  });
  return (
    <div aria-busy={pending} className={uiStyles.toolbar}>
      <span>
        <label htmlFor={`${id}-trend`}>Trend of </label>
        <select id={`${id}-trend`} value={selected} onChange={(e) => choose(e.target.value)}>
          {/* The liver panel first among the laboratory's choices: the one chart of several tests. */}
          <OptionGroup label="Laboratory" options={[...ofKind(options, "liver"), ...ofKind(options, "lab")]} />
          <OptionGroup label="Vital signs" options={ofKind(options, "vital")} />
        </select>
      </span>
      <Switch label="Scale of the trend" quiet replace options={scales} />
      <Switch
        label="Time axis of the trend"
        quiet
        replace
        options={[
          { ...axisOption("date", "Dates"), current: axis === "date" || !dayOneKnown },
          dayOneKnown
            ? axisOption("day", "Study days")
            : { label: "Study days (no day 1)", href: null, current: false },
        ]}
      />
    </div>
  );
}

const ofKind = (options: TrendOption[], kind: TrendKind) => options.filter((o) => o.kind === kind);

function OptionGroup({ label, options }: { label: string; options: TrendOption[] }) {
  if (options.length === 0) return null;
  return (
    <optgroup label={label}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </optgroup>
  );
}
