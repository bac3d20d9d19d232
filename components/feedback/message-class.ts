import styles from "./feedback.module.css";

/**
 * The classes of a message box of each kind (docs/design.md): the box, then its kind's colours. The role (alert,
 * status) stays the caller's: it says what a screen reader announces, the classes only how the box looks.
 */
export const MESSAGE_CLASS = {
  error: `${styles.message} ${styles.messageError}`,
  warning: `${styles.message} ${styles.messageWarning}`,
  info: `${styles.message} ${styles.messageInfo}`,
  /** The data notes of a study section: neutral chrome. */
  note: `${styles.message} ${styles.messageNote}`,
  success: `${styles.message} ${styles.messageSuccess}`,
} as const;
