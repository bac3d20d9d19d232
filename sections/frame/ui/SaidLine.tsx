/**
 * What a table's action did, or why it did nothing, in words: a status line that screen readers announce, and an
 * error as an alert (marking records, writing a comment).
 */
import { MESSAGE_CLASS } from "@/components/feedback/message-class";

export type Said = { kind: "done" | "error"; words: string } | null;

export function SaidLine({ said }: { said: Said }) {
  return (
    <>
      <div role="status">{said?.kind === "done" ? said.words : null}</div>
      {said?.kind === "error" ? (
        <p role="alert" className={MESSAGE_CLASS.error}>
          {said.words}
        </p>
      ) : null}
    </>
  );
}
