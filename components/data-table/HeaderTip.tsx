"use client";
/**
 * What an abbreviated column header means (BOR, ×ULN; DataColumn.description), as a Radix Tooltip on the header's
 * sort button: shown on hover and on keyboard focus, hidden by Escape, and the button's description while shown.
 * A header without one is left as it is.
 */
import * as Tooltip from "@radix-ui/react-tooltip";
import type { ReactElement } from "react";

export function HeaderTip({ tip, children }: { tip: string | undefined; children: ReactElement }) {
  if (!tip) return children;
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="tooltip" side="top" sideOffset={4}>
            {tip}
            <Tooltip.Arrow className="tooltip-arrow" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
