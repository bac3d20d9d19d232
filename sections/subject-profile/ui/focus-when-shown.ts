/**
 * Brings an element of the page into view and focuses it, now or as soon as it
 * is rendered and shown: a trend's point or a chosen visit may be on another
 * page of the laboratory grid, which the router is fetching, and a chart's
 * data table opens once it has followed the URL. Gives up after a while
 * (a slow or failed navigation leaves the page as it is). Browser only.
 */
const GIVE_UP_MS = 15_000;

let pending = 0;

export function focusWhenShown(id: string): void {
  // A newer request replaces an older one that is still waiting.
  const mine = ++pending;
  const until = performance.now() + GIVE_UP_MS;
  const attempt = () => {
    if (mine !== pending) return;
    const element = document.getElementById(id);
    if (!element || element.closest("[hidden]")) {
      if (performance.now() < until) requestAnimationFrame(attempt);
      return;
    }
    // Cells and headers are not tab stops; they take the focus only when asked, as here.
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.scrollIntoView({ block: "center", inline: "center" });
    element.focus({ preventScroll: true });
  };
  attempt();
}
