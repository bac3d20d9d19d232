import type { ReactNode } from "react";
import styles from "./connections.module.css";

interface Props {
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
  children: ReactNode;
}

/** A labelled form field with its hint and error messages (the input refers to them by aria-describedby). */
export function Field({ name, label, hint, errors, children }: Props) {
  return (
    <>
      <label htmlFor={name}>{label}</label>
      {hint && (
        <p id={`${name}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
      {errors && (
        <p id={`${name}-error`} className={styles.error}>
          {errors.join(" ")}
        </p>
      )}
    </>
  );
}

/** The aria attributes of a field's input. */
export function fieldAria(name: string, hint: boolean, errors: string[] | undefined) {
  const ids = [hint && `${name}-hint`, errors && `${name}-error`].filter(Boolean).join(" ");
  return { "aria-invalid": !!errors, "aria-describedby": ids || undefined };
}
