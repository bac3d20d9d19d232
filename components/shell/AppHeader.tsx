import Link from "next/link";
import { SignOutButton } from "@/components/auth/SignOutButton";
import { RULES_PATH } from "@/lib/rules-doc/address";
import styles from "./shell.module.css";

export function AppHeader({ email }: { email: string }) {
  return (
    <header className={styles.header}>
      <Link href="/" className={styles.brand}>
        Study Portal
      </Link>
      <nav aria-label="Account" className={styles.nav}>
        <span className={styles.email} data-testid="user-email">
          {email}
        </span>
        <Link href={RULES_PATH}>Clinical rules</Link>
        <Link href="/settings/connections">Settings</Link>
        <SignOutButton />
      </nav>
    </header>
  );
}
