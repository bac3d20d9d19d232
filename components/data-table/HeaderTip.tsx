"use client";
/**
 * What an abbreviated column header means (BOR, ×ULN; DataColumn.description), as a Radix Tooltip on the header's
 * sort button: shown on hover and on keyboard focus, hidden by Escape, and the button's description while shown.
 * A header without one is left as it is.
 */
import * as Tooltip from "@radix-ui/react-tooltip";
import { type ReactElement, useCallback, useEffect, useRef, useState } from "react";
import styles from "./data-table.module.css";

export function HeaderTip({ tip, children }: { tip: string | undefined; children: ReactElement }) {
  const { open, shown, onOpenChange } = useShownAfterScroll();
  if (!tip) return children;
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root open={open} onOpenChange={onOpenChange}>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        {shown && (
          <Tooltip.Portal>
            <Tooltip.Content className={styles.tooltip} side="top" sideOffset={4}>
              {tip}
              <Tooltip.Arrow className={styles.tooltipArrow} />
            </Tooltip.Content>
          </Tooltip.Portal>
        )}
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

/**
 * The tooltip is open as soon as Radix says, but its content is shown one animation frame later. A Tab onto a
 * header below the fold scrolls the page at once, but the browser sends that scroll's event at the next frame, and
 * Radix's content closes on any scroll around its trigger: the tip a keyboard user had just opened vanished. The
 * browser sends pending scroll events before it runs animation-frame callbacks, so the content starts listening
 * after the scroll the focus caused; a later scroll still closes it. Radix learns of the open at once, so that a
 * blur before the frame is a change it reports, and the close cancels the frame.
 */
function useShownAfterScroll() {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const frame = useRef(0);
  const onOpenChange = useCallback((next: boolean) => {
    cancelAnimationFrame(frame.current);
    setOpen(next);
    if (next) frame.current = requestAnimationFrame(() => setShown(true));
    else setShown(false);
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  return { open, shown, onOpenChange };
}
