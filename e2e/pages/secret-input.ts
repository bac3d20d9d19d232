/**
 * Typing a password or client secret without writing it into the report: `locator.fill` names its text in the
 * step's title (HTML report, JUnit output), so secrets are set through the input's native value setter and an input
 * event, which React and plain forms both see, and whose step shows no argument.
 */
import type { Locator } from "@playwright/test";

export async function fillSecret(input: Locator, secret: string): Promise<void> {
  await input.evaluate((el, value) => {
    const field = el as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }, secret);
}
