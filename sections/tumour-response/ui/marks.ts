/** The plots' marker shapes as SVG paths: a cross (progression), a star (new lesion), an arrow (still assessed). */

/** A cross of half-width r at (x, y). */
export const crossPath = (x: number, y: number, r: number) =>
  `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`;

/** A five-pointed star of radius r at (x, y). */
export function starPath(x: number, y: number, r: number): string {
  const corners = Array.from({ length: 10 }, (_, i) => {
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r / 2.5;
    return `${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `M${corners.join("L")}Z`;
}

/** An arrow pointing right, its tip at (x, y), w long and h high. */
export const arrowPath = (x: number, y: number, w: number, h: number) =>
  `M${x - w},${y - h / 2}L${x},${y}L${x - w},${y + h / 2}Z`;
