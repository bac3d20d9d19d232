"use client";
/**
 * The trend's choices, kept in the URL so that a link reproduces the view:
 * the test or vital-sign item (`trend=`) and raw values or ×ULN (`scale=uln`).
 */
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useTransition } from "react";
import uiStyles from "@/components/ui/ui.module.css";
import type { TrendScale } from "@/lib/clinical/subjects/trend-series";
import { Switch, type SwitchOption } from "@/sections/frame/ui/Switch";
import { SCALE_PARAM, TREND_PARAM, withParam } from "../query";
import { keptSearchParams } from "./kept-state";
import type { TrendOption } from "./trend-choice";

export interface TrendControlsProps {
  options: TrendOption[];
  selected: string;
  scale: TrendScale;
  /** Whether any record of the chosen test has an upper limit (vital signs have no ranges). */
  ulnAvailable: boolean;
}

export function TrendControls({ options, selected, scale, ulnAvailable }: TrendControlsProps) {
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
  return (
    <div aria-busy={pending} className={uiStyles.toolbar}>
      <span>
        <label htmlFor={`${id}-trend`}>Trend of </label>
        <select id={`${id}-trend`} value={selected} onChange={(e) => choose(e.target.value)}>
          <OptionGroup label="Laboratory" options={options.filter((o) => o.kind === "lab")} />
          <OptionGroup label="Vital signs" options={options.filter((o) => o.kind === "vital")} />
        </select>
      </span>
      <Switch
        label="Scale of the trend"
        quiet
        replace
        options={[
          scaleOption("raw", "Raw values"),
          ulnAvailable || scale === "uln"
            ? scaleOption("uln", "× ULN")
            : { label: "× ULN (no upper limit)", href: null, current: false },
        ]}
      />
    </div>
  );
}

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
