import Link from "next/link";
import { SignOutButton } from "@/components/auth/SignOutButton";
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
        <Link href="/settings/connections">Settings</Link>
        <SignOutButton />
      </nav>
    </header>
  );
}
